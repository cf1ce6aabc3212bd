import { eq } from 'drizzle-orm'
import { article } from '~/server/db/schema'
import { chooseArticleType, USER_CHOSEN_TYPE_REASON, type ArticleTypeChoice } from '~/shared/articles/article-types'
import { targetWords } from '~/shared/articles/length-target'
import { researchSerpFor } from './setup'
import type { GenerationRun, SourcesResult } from './state'

/**
 * Sources: the keyword's results page and the pages read from it; the article's type; the length
 * the top results set, within the business's range (docs/product/pipeline.md "Length").
 */
export async function findSources(run: GenerationRun): Promise<SourcesResult> {
  const { job, business, planned, focus } = run
  run.step('serp')
  const serp = await researchSerpFor(job.providers, run.ledger, job.signal, focus, business)

  // The article's type: a written article keeps its own; the user's choice stands; otherwise it is
  // chosen from the keyword and the results page just read (docs/product/pipeline.md, "Article types").
  const [typed] = await job.db
    .select({ type: article.type, reason: article.typeReason })
    .from(article)
    .where(eq(article.keywordId, planned.id))
  const userChoice = !typed?.reason && planned.articleTypeByUser && planned.articleType !== null
  const articleType: ArticleTypeChoice = typed?.reason
    ? { type: typed.type, reason: typed.reason }
    : userChoice && planned.articleType
      ? { type: planned.articleType, reason: planned.articleTypeReason ?? USER_CHOSEN_TYPE_REASON }
      : chooseArticleType({
          keyword: focus,
          intent: planned.searchIntent,
          serpTitles: serp.results.map((result) => result.title),
        })

  const target = targetWords({ serpMedianWords: serp.medianWords, min: business.articleMinWords, max: business.articleMaxWords })
  return { serp, articleType, userChoice, typeIsSettled: Boolean(typed?.reason), target }
}
