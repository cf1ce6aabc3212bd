import type { BrandVoice } from './brand-voice'
import type { ArticleSettings, BusinessProfile } from './business-profile'

/** The sitemap, blog and best articles setup step 3 asked for. */
export interface SiteStructure {
  sitemapUrl: string | null
  blogUrl: string | null
  bestArticles: string[]
}

/**
 * What /settings edits for one business (docs/product/entities.md): its profile, its article
 * settings, the seed keywords research starts from, its sitemap, blog and best articles, and its
 * brand voice.
 */
export interface BusinessSettings {
  businessId: string
  profile: BusinessProfile
  articleSettings: ArticleSettings
  seeds: string[]
  siteStructure: SiteStructure
  voice: BrandVoice
}
