import type { ArticleSettings, BusinessProfile } from './business-profile'

/** What /settings edits for one business: its profile and its article settings (docs/product/entities.md). */
export interface BusinessSettings {
  businessId: string
  profile: BusinessProfile
  articleSettings: ArticleSettings
}
