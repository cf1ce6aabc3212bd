import type { EmailMessage } from '~/server/email/mailer'
import { renderActionEmail } from '~/server/email/templates'
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '~/shared/notifications'

/**
 * The notification emails (docs/product/notifications.md): each says which business, what
 * happened and the one link that fixes it, in a plain-text and an HTML part, and carries the
 * one-click unsubscribe of its kind (RFC 8058: List-Unsubscribe with the https link,
 * List-Unsubscribe-Post) plus the same link in its footer.
 */

export interface EmailContext {
  appName: string
  /** The app's public address (APP_URL), without a trailing slash. */
  appUrl: string
  to: { email: string; name?: string | null }
  /** The absolute one-click unsubscribe URL of this kind for this user. */
  unsubscribeUrl: string
}

export interface DigestBusiness {
  name: string
  /** Drafts waiting for approval (the business reviews before publishing). */
  waiting: number
  /** Written but below the business's SEO score floor. */
  held: number
}

/** What each kind's email is made from. */
export type NotificationContent =
  | { kind: 'connector_broken'; business: string; connector: string; error: string }
  | { kind: 'publishing_failed'; business: string; title: string | null; articleId: string | null; target: string | null; error: string }
  | { kind: 'plan_ready'; business: string; month: string; planned: number }
  | { kind: 'usage_limit'; threshold: 80 | 100; used: number; allowance: number; metered: boolean }
  | { kind: 'drafts_digest'; businesses: DigestBusiness[] }

const greeting = (to: EmailContext['to']) => (to.name?.trim() ? `Hi ${to.name.trim()},` : 'Hi,')
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

function monthName(month: string) {
  const [year, index] = month.split('-').map(Number)
  if (!year || !index) return month
  return new Date(Date.UTC(year, index - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

function parts(content: NotificationContent, context: EmailContext) {
  const link = (path: string) => `${context.appUrl}${path}`
  switch (content.kind) {
    case 'connector_broken':
      return {
        subject: `${content.business}: the ${content.connector} connection stopped working`,
        heading: `${content.connector} is not connected any more`,
        intro: [
          greeting(context.to),
          `${content.connector} refused the credentials of ${content.business}, so no article is published there until you connect it again. Articles due meanwhile wait and go out once the connection works.`,
          `What ${content.connector} said: ${content.error}`,
        ],
        action: { label: `Reconnect ${content.connector}`, url: link('/integrations') },
      }
    case 'publishing_failed':
      return {
        subject: `${content.business}: an article could not be published`,
        heading: 'An article could not be published',
        intro: [
          greeting(context.to),
          `${content.title ? `“${content.title}”` : 'An article'} of ${content.business} could not be published${content.target ? ` to ${content.target}` : ''}.`,
          `The reason: ${content.error}`,
        ],
        action: {
          label: content.articleId ? 'Open the article' : 'Check the connections',
          url: link(content.articleId ? `/content/${content.articleId}` : '/integrations'),
        },
      }
    case 'plan_ready':
      return {
        subject: `${content.business}: your plan for ${monthName(content.month)} is ready`,
        heading: `The plan for ${monthName(content.month)} is ready`,
        intro: [
          greeting(context.to),
          content.planned > 0
            ? `Keyword research for ${content.business} has planned ${plural(content.planned, 'keyword')} for ${monthName(content.month)}. Each is written ahead of its day.`
            : `Keyword research for ${content.business} found no new keyword to plan for ${monthName(content.month)}. Add seeds or keywords of your own to give it more to work with.`,
        ],
        action: { label: 'See the plan', url: link('/keywords') },
      }
    case 'usage_limit': {
      const full = content.threshold === 100
      return {
        subject: full
          ? `You have used all ${content.allowance} articles of this month`
          : `You have used ${content.threshold} % of this month's articles`,
        heading: full ? 'This month’s articles are used up' : `${content.used} of ${content.allowance} articles used`,
        intro: [
          greeting(context.to),
          full
            ? content.metered
              ? `Your plan's ${content.allowance} articles of this month are used: each further article is billed as an extra article.`
              : `Your plan's ${content.allowance} articles of this month are used: no more articles are written until the allowance renews, unless you change your plan.`
            : `You have used ${content.used} of the ${content.allowance} articles your plan includes this month.`,
        ],
        action: { label: 'See your plan and usage', url: link('/settings#plan-and-billing') },
      }
    }
    case 'drafts_digest': {
      const waiting = content.businesses.reduce((total, business) => total + business.waiting, 0)
      const held = content.businesses.reduce((total, business) => total + business.held, 0)
      const summary = [
        waiting > 0 ? plural(waiting, 'draft') + ' waiting for review' : null,
        held > 0 ? `${plural(held, 'article')} held below the score floor` : null,
      ]
        .filter(Boolean)
        .join(' and ')
      return {
        subject: `${summary[0]!.toUpperCase()}${summary.slice(1)}`,
        heading: 'Articles waiting for you',
        intro: [
          greeting(context.to),
          ...content.businesses.map((business) => {
            const lines = [
              business.waiting > 0 ? `${plural(business.waiting, 'draft')} waiting for your approval` : null,
              business.held > 0 ? `${plural(business.held, 'article')} held below the SEO score floor` : null,
            ].filter(Boolean)
            return `${business.name}: ${lines.join('; ')}.`
          }),
          'They are not published until you review them.',
        ],
        action: { label: 'Review the articles', url: link('/content') },
      }
    }
  }
}

export function notificationEmail(content: NotificationContent, context: EmailContext): EmailMessage {
  const { subject, heading, intro, action } = parts(content, context)
  const kind: NotificationKind = content.kind
  return {
    to: context.to.email,
    subject,
    ...renderActionEmail({
      appName: context.appName,
      heading,
      intro,
      action,
      outro: [],
      footer: {
        text: `You get this email because “${NOTIFICATION_KIND_LABELS[kind].label}” is on in your notification settings.`,
        label: 'Unsubscribe from these emails',
        url: context.unsubscribeUrl,
      },
    }),
    headers: {
      'List-Unsubscribe': `<${context.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
