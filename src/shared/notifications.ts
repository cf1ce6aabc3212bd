import { z } from 'zod'

/**
 * Email notifications as both sides see them (docs/product/notifications.md): the kinds a user
 * can turn on and off, when the daily digest goes out, and in which time zone.
 */
export const NOTIFICATION_KINDS = ['publishing_failed', 'connector_broken', 'drafts_digest', 'plan_ready', 'usage_limit'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; help: string }> = {
  publishing_failed: {
    label: 'Publishing failed',
    help: 'At once when an article could not be published, at most one email per connection a day.',
  },
  connector_broken: {
    label: 'Connection broken',
    help: 'At once when a publishing connection stops working (its credentials were refused), at most one email per connection a day.',
  },
  drafts_digest: {
    label: 'Daily digest',
    help: 'Once a day at your digest hour: the drafts waiting for your review and the articles held below the SEO score floor.',
  },
  plan_ready: {
    label: 'Monthly plan ready',
    help: 'When keyword research has planned the month.',
  },
  usage_limit: {
    label: 'Article allowance',
    help: 'When you have used 80 % and 100 % of the articles your plan includes this month.',
  },
}

export const DEFAULT_DIGEST_HOUR = 8
export const DEFAULT_TIME_ZONE = 'UTC'

/** A time zone the runtime knows (IANA name, e.g. Europe/Paris). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const notificationSettingsSchema = z.object({
  /** Each kind on or off; a kind left out stays as it was. */
  enabled: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).default({}),
  digestHour: z
    .number({ error: 'The digest hour is a whole hour from 0 to 23.' })
    .int('The digest hour is a whole hour from 0 to 23.')
    .min(0, 'The digest hour is a whole hour from 0 to 23.')
    .max(23, 'The digest hour is a whole hour from 0 to 23.')
    .optional(),
  timeZone: z.string().trim().max(64).refine(isTimeZone, 'Choose a time zone from the list, e.g. Europe/Paris.').optional(),
})
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>

export interface NotificationSettings {
  enabled: Record<NotificationKind, boolean>
  digestHour: number
  timeZone: string
  /** false until the user first saves: the screen then proposes the browser's time zone. */
  saved: boolean
}
