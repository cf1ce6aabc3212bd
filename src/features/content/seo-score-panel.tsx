import { CircleAlert, CircleCheck } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { failingFixes, SUBSTANCE_CAP, type SeoCheck } from '~/shared/articles/seo-score'
import { SeoScoreBadge } from './article-status'

/**
 * The SEO score with every check, its points and, when it fails, the fix. `live` marks a score of
 * unsaved text; `held` an article held under the floor, whose reasons are the failing checks'
 * fixes, heaviest first (docs/product/pipeline.md, "SEO score").
 */
export function SeoScorePanel({
  score,
  checks,
  live = false,
  held = false,
}: {
  score: number
  checks: SeoCheck[]
  live?: boolean
  held?: boolean
}) {
  const failing = checks.filter((check) => !check.passed)
  const capped = score < checks.reduce((sum, check) => sum + check.points, 0)
  const reasons = failingFixes(checks)
  return (
    <Card data-testid="seo-score-panel">
      <CardHeader>
        <CardTitle className="flex items-baseline justify-between text-base">
          SEO score{' '}
          <span data-testid="seo-score" aria-live={live ? 'polite' : undefined}>
            <SeoScoreBadge score={score} />
          </span>
        </CardTitle>
        <CardDescription>
          {failing.length === 0 ? 'Every check passes.' : `${failing.length} check${failing.length === 1 ? '' : 's'} to fix.`}
          {live && ' Updates as you type.'}
          {capped && ` Capped at ${SUBSTANCE_CAP}: a substance check fails (repetition, thin sections or keyword stuffing).`}
        </CardDescription>
        {held && reasons.length > 0 && (
          <div data-testid="held-reasons" className="text-sm">
            <p className="text-foreground">Held for review, below your score floor. To fix:</p>
            <ol className="mt-1 list-decimal pl-5 text-muted-foreground">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ol>
          </div>
        )}
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm" aria-label="SEO checks">
          {checks.map((check) => (
            <li key={check.id} className="flex gap-2">
              {check.passed ? (
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-400" aria-label="Passes" />
              ) : (
                <CircleAlert className="mt-0.5 size-4 shrink-0 text-amber-400" aria-label="Fails" />
              )}
              <div className="min-w-0">
                <p className="text-foreground">
                  {check.label}{' '}
                  <span className="text-muted-foreground">
                    {check.points}/{check.maxPoints}
                  </span>
                </p>
                {check.hint && <p className="text-muted-foreground">{check.hint}</p>}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
