import { articleSettingsSchema, businessProfileSchema } from '~/shared/business-profile'
import { businessProcedure, signedInProcedure } from '~/server/rpc/procedures'
import { getNotificationSettings, updateNotificationSettings } from '~/server/notifications/notifications.service'
import { notificationSettingsSchema } from '~/shared/notifications'
import { seedsInput, siteStructureInput } from '~/shared/setup-wizard'
import { deriveVoiceInput, updateVoiceInput } from '~/shared/brand-voice'
import { deriveVoice, updateVoice } from './brand-voice.service'
import { getSettings, updateArticleSettings, updateProfile, updateSeeds, updateSiteStructure } from './settings.service'

/**
 * /settings for the caller's current business (selected, else oldest; ownership checked by
 * businessProcedure and again in every query). No business id is taken as input: switching
 * business is business.select, so a forged id has nothing to reach.
 */
export const settingsRouter = {
  get: businessProcedure.route({ method: 'GET' }).handler(({ context }) => getSettings(context.db, context.user.id, context.businessId)),

  updateProfile: businessProcedure
    .input(businessProfileSchema)
    .handler(({ context, input }) => updateProfile(context.db, context.user.id, context.businessId, input)),

  updateArticleSettings: businessProcedure
    .input(articleSettingsSchema)
    .handler(({ context, input }) => updateArticleSettings(context.db, context.user.id, context.businessId, input)),

  /** Setup's seed rule; the next research run starts from them. */
  updateSeeds: businessProcedure
    .input(seedsInput)
    .handler(({ context, input }) => updateSeeds(context.db, context.user.id, context.businessId, input.seeds)),

  /** Setup step 3's rules: a changed sitemap address is read (providers.web) and refused unless it is a sitemap. */
  updateSiteStructure: businessProcedure
    .input(siteStructureInput)
    .handler(({ context, input }) =>
      updateSiteStructure(context.db, context.user.id, context.businessId, input, context.providers.web.fetch),
    ),

  /** Reads the sample posts (providers.web), derives the voice profile (providers.llm) and saves both. */
  deriveVoice: businessProcedure.input(deriveVoiceInput).handler(({ context, input }) =>
    deriveVoice(context.db, context.user.id, context.businessId, input.samples, {
      fetch: context.providers.web.fetch,
      llm: context.providers.llm,
    }),
  ),

  /** The voice profile as edited, standing instructions and banned phrases: used by every writing prompt. */
  updateVoice: businessProcedure
    .input(updateVoiceInput)
    .handler(({ context, input }) => updateVoice(context.db, context.user.id, context.businessId, input)),

  /** The caller's email notifications (docs/product/notifications.md): the user's own, whatever the business or plan. */
  notifications: signedInProcedure.route({ method: 'GET' }).handler(({ context }) => getNotificationSettings(context.db, context.user.id)),

  updateNotifications: signedInProcedure
    .input(notificationSettingsSchema)
    .handler(({ context, input }) => updateNotificationSettings(context.db, context.user.id, input)),
}
