import { Badge } from '~/components/ui/badge'
import { ARTICLE_STATUS_LABELS, type ArticleStatus } from '~/shared/articles/article'

const VARIANTS: Record<ArticleStatus, 'secondary' | 'warning' | 'default' | 'success' | 'outline'> = {
  draft: 'secondary',
  held: 'warning',
  approved: 'default',
  published: 'success',
  archived: 'outline',
}

export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  return <Badge variant={VARIANTS[status]}>{ARTICLE_STATUS_LABELS[status]}</Badge>
}

/** The score as a coloured figure: green at 80 and above, amber from 60, red below. */
export function SeoScoreBadge({ score }: { score: number }) {
  const tone = score >= 80 ? 'text-green-300' : score >= 60 ? 'text-amber-300' : 'text-red-300'
  return (
    <span className={`font-semibold tabular-nums ${tone}`} title="SEO score out of 100">
      {score}
    </span>
  )
}
