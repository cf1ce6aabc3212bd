import { targetOrigin } from '~/shared/articles/length-target'

interface ArticleLengthFacts {
  wordCount: number
  targetWords: number | null
  serpMedianWords: number | null
  serpPagesRead: number | null
}

const format = (value: number) => value.toLocaleString('en-US')

/** The article's length against its target, and where the target came from (docs/product/pipeline.md "Length"). */
export function articleLength(article: ArticleLengthFacts): { label: string; origin: string | null } {
  if (article.targetWords === null) return { label: `${format(article.wordCount)} words`, origin: null }
  return {
    label: `Target ${format(article.targetWords)} words · ${format(article.wordCount)} written`,
    origin: targetOrigin({ target: article.targetWords, serpMedianWords: article.serpMedianWords, resultsRead: article.serpPagesRead }),
  }
}

/** The header's length entry: the count against the target, the target's origin beneath. */
export function ArticleLength({ article }: { article: ArticleLengthFacts }) {
  const { label, origin } = articleLength(article)
  return (
    <>
      <span>{label}</span>
      {origin && <span className="order-last w-full text-xs">Length target: {origin}</span>}
    </>
  )
}
