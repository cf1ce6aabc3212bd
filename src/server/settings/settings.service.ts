import { and, eq, ne } from 'drizzle-orm'
import type { Database } from '~/server/db'
import { business } from '~/server/db/schema'
import { getOwnedBusiness, type Business } from '~/server/access/business'
import { isUniqueViolation, urlTakenError } from '~/server/business/business.service'
import type { ArticleSettings, BusinessProfile } from '~/shared/business-profile'
import type { BusinessSettings } from '~/shared/settings'
import type { siteStructureInput } from '~/shared/setup-wizard'
import type { SafeFetcher } from '~/server/outbound/safe-fetch'
import { saveSiteStructure } from '~/server/setup/setup.service'
import type { z } from 'zod'
import { recordHistory } from '~/server/history/record'
import type { SettingsSection } from '~/shared/history'

export type { BusinessSettings }

// Analysis can leave list entries blank (the services column even defaults to one empty string):
// the form shows only real entries, the same rule businessProfileSchema applies on save.
const entries = (values: string[] | null) => (values ?? []).filter((value) => value.trim() !== '')

/** Seeds are stored as a list, or (older analyses) an object of lists: every phrase in it, once. */
export function seedTexts(value: unknown): string[] {
  const texts = (item: unknown): string[] =>
    typeof item === 'string'
      ? [item]
      : Array.isArray(item)
        ? item.flatMap(texts)
        : item && typeof item === 'object'
          ? Object.values(item).flatMap(texts)
          : []
  return [
    ...new Set(
      texts(value)
        .map((text) => text.trim())
        .filter((text) => text !== ''),
    ),
  ]
}

export function toSettings(row: Business): BusinessSettings {
  return {
    businessId: row.id,
    profile: {
      name: row.name ?? '',
      url: row.url,
      description: row.description ?? '',
      industry: row.industry ?? '',
      businessModel: row.businessModel ?? '',
      valueProposition: row.valueProposition ?? '',
      targetAudiences: entries(row.targetAudiences),
      services: entries(row.services),
      primaryServices: entries(row.primaryServices),
      coreProducts: entries(row.coreProducts),
      customerProblems: entries(row.customerProblems),
      competitiveAdvantages: entries(row.competitiveAdvantages),
      targetOutcomes: entries(row.targetOutcomes),
    },
    articleSettings: {
      language: row.language as ArticleSettings['language'],
      tone: row.tone as ArticleSettings['tone'],
      keywordRegion: row.keywordRegion,
      autoPublish: row.autoPublish,
      internalLinks: row.internalLinks,
      articleLeadDays: row.articleLeadDays,
      seoScoreFloor: row.seoScoreFloor,
      articleMinWords: row.articleMinWords,
      articleMaxWords: row.articleMaxWords,
      addYoutubeVideo: row.addYoutubeVideo,
      addCta: row.addCta,
      includeInfographics: row.includeInfographics,
      imageStyle: row.imageStyle as ArticleSettings['imageStyle'],
      brandColor: row.brandColor,
    },
    seeds: seedTexts(row.seeds),
    siteStructure: { sitemapUrl: row.sitemapUrl, blogUrl: row.blogUrl, bestArticles: entries(row.bestArticles) },
    voice: {
      samples: row.voiceSamples ?? [],
      profile: row.voiceProfile ?? null,
      derivedAt: row.voiceDerivedAt?.toISOString() ?? null,
      instructions: row.voiceInstructions,
      bannedPhrases: entries(row.bannedPhrases),
    },
  }
}

export async function getSettings(db: Database, userId: string, businessId: string): Promise<BusinessSettings> {
  return toSettings(await getOwnedBusiness(db, userId, businessId))
}

/**
 * Saves the whole profile in one UPDATE scoped to the owner, so a value that fails (the address
 * taken, the business not theirs) leaves every field as it was.
 */
export async function updateProfile(db: Database, userId: string, businessId: string, profile: BusinessProfile): Promise<BusinessSettings> {
  await getOwnedBusiness(db, userId, businessId)
  const [clash] = await db
    .select({ id: business.id })
    .from(business)
    .where(and(eq(business.userId, userId), eq(business.url, profile.url), ne(business.id, businessId)))
    .limit(1)
  if (clash) throw urlTakenError(profile.url)
  try {
    const [row] = await db
      .update(business)
      .set(profile)
      .where(and(eq(business.id, businessId), eq(business.userId, userId)))
      .returning()
    await recordSettingsChange(db, row, 'profile')
    return toSettings(row)
  } catch (error) {
    if (isUniqueViolation(error)) throw urlTakenError(profile.url)
    throw error
  }
}

/** Every article setting in one UPDATE scoped to the owner. */
export async function updateArticleSettings(
  db: Database,
  userId: string,
  businessId: string,
  settings: ArticleSettings,
): Promise<BusinessSettings> {
  await getOwnedBusiness(db, userId, businessId)
  const [row] = await db
    .update(business)
    .set(settings)
    .where(and(eq(business.id, businessId), eq(business.userId, userId)))
    .returning()
  await recordSettingsChange(db, row, 'articles')
  return toSettings(row)
}

/** The seed keywords the next research run starts from, in one UPDATE scoped to the owner. */
export async function updateSeeds(db: Database, userId: string, businessId: string, seeds: string[]): Promise<BusinessSettings> {
  await getOwnedBusiness(db, userId, businessId)
  const [row] = await db
    .update(business)
    .set({ seeds, updatedAt: new Date() })
    .where(and(eq(business.id, businessId), eq(business.userId, userId)))
    .returning()
  await recordSettingsChange(db, row, 'seeds')
  return toSettings(row)
}

/** Sitemap, blog and best articles with setup step 3's rules and check (saveSiteStructure). */
export async function updateSiteStructure(
  db: Database,
  userId: string,
  businessId: string,
  values: z.output<typeof siteStructureInput>,
  fetcher: SafeFetcher,
): Promise<BusinessSettings> {
  const owned = await getOwnedBusiness(db, userId, businessId)
  const saved = await saveSiteStructure(db, owned, values, fetcher)
  await recordSettingsChange(db, saved, 'site-structure')
  return toSettings(saved)
}

/** A section of /settings saved: History records which, for the business as it was named then. */
export async function recordSettingsChange(db: Database, row: Pick<Business, 'id' | 'name' | 'url'>, section: SettingsSection) {
  await recordHistory(db, { kind: 'settings', action: 'changed', businessId: row.id, title: row.name ?? row.url, detail: { section } })
}
