import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { ArticleFactCheck } from '~/shared/articles/article'
import { factCheckSummary } from '~/shared/articles/fact-check'

/**
 * What the checks after writing did to the article (docs/product/pipeline.md §4): numbers and
 * quotations against the pages they cite, each removal with its reason, and the proofreading fixes.
 */
export function FactCheckPanel({ check }: { check: ArticleFactCheck | null | undefined }) {
  if (!check) return null
  const summary = factCheckSummary(check)
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Fact check</CardTitle>
        <CardDescription>Checked when the article was written; a sentence that failed was removed.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>{summary.numbers}</p>
        <div className="grid gap-1">
          <p>{summary.quotes}</p>
          {check.quotes.found.length > 0 && (
            <ul className="grid gap-1 text-muted-foreground">
              {check.quotes.found.map((quote) => (
                <li key={`${quote.url}${quote.quote}`} className="break-words">
                  “{quote.quote}” —{' '}
                  <a href={quote.url} target="_blank" rel="noopener noreferrer" className="text-violet-300 hover:underline">
                    {quote.title || quote.url}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {check.quotes.removed.length > 0 && (
            <ul className="grid gap-1 text-muted-foreground">
              {check.quotes.removed.map((quote) => (
                <li key={quote.quote} className="break-words">
                  <span className="line-through">“{quote.quote}”</span> ({quote.reason})
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="grid gap-1">
          <p>{summary.proofreading}</p>
          {check.proofreading.length > 0 && (
            <ul className="grid gap-1 text-muted-foreground">
              {check.proofreading.map((fix, index) => (
                <li key={`${fix.rule}${index}`} className="break-words">
                  “{fix.before}” → {fix.after ? `“${fix.after}”` : 'removed'}
                </li>
              ))}
            </ul>
          )}
          {summary.spelling && <p className="text-muted-foreground">{summary.spelling}</p>}
        </div>
      </CardContent>
    </Card>
  )
}
