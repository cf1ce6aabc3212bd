import type { ReactNode } from 'react'

/** The eyebrow, heading and lead paragraph every landing section opens with. */
export function SectionHeading({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wide text-violet-300 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 scroll-mt-28 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-pretty text-muted-foreground">{children}</p>}
    </div>
  )
}
