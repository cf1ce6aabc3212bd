import type { ReactNode } from 'react'
import { formatLongDate } from '~/features/blog/format-date'
import { Breadcrumbs, type Crumb } from '~/features/seo/breadcrumbs'

/** A legal page: breadcrumbs, title, last-updated date and a ~72ch reading column. */
export function LegalDocument({
  title,
  lastUpdated,
  breadcrumbs,
  summary,
  children,
}: {
  title: string
  lastUpdated: string
  breadcrumbs: readonly Crumb[]
  /** A few plain sentences before the full text. */
  summary: ReactNode
  children: ReactNode
}) {
  return (
    <article className="mx-auto max-w-[72ch] px-6 py-12 sm:py-16">
      <Breadcrumbs items={breadcrumbs} />
      <header className="mt-8 space-y-3 border-b border-border pb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Last updated <time dateTime={lastUpdated}>{formatLongDate(lastUpdated)}</time>
        </p>
        <div className="rounded-lg border border-border bg-card p-5 text-gray-300">{summary}</div>
      </header>
      <div className="mt-8 space-y-10 leading-7 text-gray-300">{children}</div>
    </article>
  )
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="scroll-mt-24 text-xl font-semibold tracking-tight text-foreground">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A bulleted list inside a legal section. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6 marker:text-violet-400">{children}</ul>
}
