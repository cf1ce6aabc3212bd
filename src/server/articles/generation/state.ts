import type { business as businessTable, keyword as keywordTable } from '~/server/db/schema'
import type { JobContext } from '~/server/jobs/define'
import type { createLedger } from '~/server/providers/cost-ledger'
import type { ArticleContent, ArticleFactCheck, ArticleImage, ArticleInternalLink, ArticleStep } from '~/shared/articles/article'
import type { ArticleTypeChoice } from '~/shared/articles/article-types'
import type { WrittenSection } from '../assemble'
import type { GroundingReport } from '../grounding'
import type { CallToAction, WriterProfile } from '../prompts'
import type { researchSerp } from '../sources'
import type { ArticleLlm } from './setup'

type Ledger = ReturnType<typeof createLedger>

export interface ArticleJobInput {
  businessId: string
  keywordId: string
  /** What the user asked a regeneration to change; empty for a first generation. */
  instruction?: string
  /** Rewrite only this section (its heading) of the current article. */
  section?: string
}

export type GenerationContext = Pick<JobContext<ArticleJobInput>, 'input' | 'jobId' | 'db' | 'providers' | 'signal' | 'progress'>

export type Serp = Awaited<ReturnType<typeof researchSerp>>

/** What every step shares: the job, the business and its keyword, the writer's LLM and the ledger. */
export interface GenerationRun {
  job: GenerationContext
  business: typeof businessTable.$inferSelect
  planned: typeof keywordTable.$inferSelect
  ledger: Ledger
  llm: ArticleLlm
  /** Shows a step on the progress line (ARTICLE_STEPS), stopping first when the job was stopped. */
  step: (id: ArticleStep, message?: string) => void
  profile: WriterProfile
  businessName: string
  /** The keyword the article is written for. */
  focus: string
  /** The user's change request; empty for a first generation. */
  instruction: string
  /** The brand voice's banned phrases. */
  banned: readonly string[]
}

/** Sources: the results page and its pages, the article's type and its length target. */
export interface SourcesResult {
  serp: Serp
  articleType: ArticleTypeChoice
  /** The keyword's chosen type, when the user chose it (false when chosen from the results page). */
  userChoice: boolean
  /** The article already written has a type of its own, which stands. */
  typeIsSettled: boolean
  target: number
}

export interface OutlineResult {
  title: string
  sections: Array<{ heading: string; level: 'h2' | 'h3'; points: string[] }>
  headings: string[]
}

export interface SectionsResult {
  introduction: string[]
  sections: WrittenSection[]
  cta: (CallToAction & { url: string }) | null
  video: ArticleContent['video']
  featured: ArticleImage
  inline: ArticleImage
  inlineHeading: string
  usage: { calls: number; rounds: number; extraSections: number }
}

export interface GroundedResult {
  introduction: string[]
  sections: WrittenSection[]
  internalLinks: ArticleInternalLink[]
  citations: ArticleContent['citations']
  grounding: GroundingReport
  factCheck: ArticleFactCheck
  sources: Array<{ url: string; title: string; text: string }>
  trusted: string[]
}

/** The generation's state: each step reads what the steps before it produced. */
export interface GenerationState {
  run: GenerationRun
  sources: SourcesResult
  outline: OutlineResult
  written: SectionsResult
  grounded: GroundedResult
}
