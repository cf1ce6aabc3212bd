/** The five onboarding steps (docs/product/pipeline.md), in order; step numbers are 1-based. */
export const SETUP_STEPS = ['Business', 'Competitors', 'Sitemap & blog', 'Language & tone', 'Finish'] as const

export type SetupStepNumber = 1 | 2 | 3 | 4 | 5

/** A business needs at least this many competitors before keyword research. */
export const MIN_COMPETITORS = 2

export interface SetupBusinessFields {
  name?: string | null
  url?: string | null
  description?: string | null
  sitemapUrl?: string | null
  blogUrl?: string | null
  /** Set once step 3 is saved: a business without a blog leaves blogUrl empty. */
  siteStructureSavedAt?: Date | string | null
  language?: string | null
  tone?: string | null
}

/** Empty and whitespace-only strings count as missing: a form may save "" for a cleared field. */
const missing = (value: string | null | undefined) => !value || value.trim() === ''

/** The step setup opens at: the first one whose requirements the business does not meet yet. */
export function initialSetupStep(business: SetupBusinessFields | null | undefined, competitorCount: number): SetupStepNumber {
  if (!business || missing(business.name) || missing(business.url) || missing(business.description)) return 1
  if (competitorCount < MIN_COMPETITORS) return 2
  // Sitemap and blog are both optional (a site without a sitemap is crawled through its links; a
  // business without a blog has no posts to match): the step is done once it was saved.
  if (missing(business.blogUrl) && !business.siteStructureSavedAt) return 3
  if (missing(business.language) || missing(business.tone)) return 4
  return 5
}

/**
 * The added business whose setup a reload of `/setup?business=new` resumes: the newest one whose
 * setup is not finished (as the switcher's "Setup not finished" lists them), never the current one.
 */
export function businessToResume<
  Business extends SetupBusinessFields & { id: string; isCurrent: boolean; competitors: readonly unknown[] },
>(businesses: readonly Business[]): Business | null {
  for (let index = businesses.length - 1; index >= 0; index--) {
    const business = businesses[index]!
    if (!business.isCurrent && initialSetupStep(business, business.competitors.length) < 5) return business
  }
  return null
}
