import { cn } from '~/lib/utils'

/** An article's keywords as small tags. */
export function KeywordTags({ keywords, className }: { keywords: readonly string[]; className?: string }) {
  return (
    <ul aria-label="Keywords" className={cn('flex flex-wrap gap-2', className)}>
      {keywords.map((keyword) => (
        <li
          key={keyword}
          className="rounded-full border border-violet-500/30 bg-violet-500/10 px-2.5 py-0.5 text-xs font-medium text-violet-200"
        >
          {keyword}
        </li>
      ))}
    </ul>
  )
}
