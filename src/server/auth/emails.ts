import type { EmailMessage } from '~/server/email/mailer'
import { renderActionEmail } from '~/server/email/templates'

/** Token lifetimes in seconds (docs/product/limits.md); the emails quote them. */
export const VERIFICATION_TOKEN_TTL = 60 * 60
export const RESET_TOKEN_TTL = 60 * 60
export const DELETE_ACCOUNT_TOKEN_TTL = 24 * 60 * 60

const lifetime = (seconds: number) =>
  seconds % 3600 === 0 ? `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}` : `${Math.round(seconds / 60)} minutes`

interface Recipient {
  email: string
  name?: string | null
}

const greeting = (user: Recipient) => (user.name?.trim() ? `Hi ${user.name.trim()},` : 'Hi,')

/**
 * The auth emails. Every `url` comes from better-auth, built on its baseURL (APP_URL + /api/auth),
 * so links always point at the configured application address.
 */
export function authEmails(appName: string) {
  return {
    verifyEmail(user: Recipient, url: string): EmailMessage {
      return {
        to: user.email,
        subject: `Verify your email for ${appName}`,
        ...renderActionEmail({
          appName,
          heading: `Verify your email address`,
          intro: [greeting(user), `Please confirm that ${user.email} is your email address for ${appName}.`],
          action: { label: 'Verify email', url },
          outro: [`The link works for ${lifetime(VERIFICATION_TOKEN_TTL)}.`, `If you did not ask for this, you can ignore this email.`],
        }),
      }
    },

    resetPassword(user: Recipient, url: string): EmailMessage {
      return {
        to: user.email,
        subject: `Reset your ${appName} password`,
        ...renderActionEmail({
          appName,
          heading: 'Reset your password',
          intro: [greeting(user), `Someone asked to reset the password of the ${appName} account for ${user.email}.`],
          action: { label: 'Choose a new password', url },
          outro: [
            `The link works once, for ${lifetime(RESET_TOKEN_TTL)}.`,
            'If it was not you, ignore this email: your password stays as it is.',
          ],
        }),
      }
    },

    /** Sent to the current address of a verified user who asked to change it. */
    confirmEmailChange(user: Recipient, newEmail: string, url: string): EmailMessage {
      return {
        to: user.email,
        subject: `Confirm your new email address for ${appName}`,
        ...renderActionEmail({
          appName,
          heading: 'Confirm your email change',
          intro: [greeting(user), `You asked to change the email address of your ${appName} account from ${user.email} to ${newEmail}.`],
          action: { label: 'Approve the change', url },
          outro: [
            `After you approve, we send a verification link to ${newEmail}. The link works for ${lifetime(VERIFICATION_TOKEN_TTL)}.`,
            'If it was not you, ignore this email and consider changing your password.',
          ],
        }),
      }
    },

    deleteAccount(user: Recipient, url: string): EmailMessage {
      return {
        to: user.email,
        subject: `Confirm deleting your ${appName} account`,
        ...renderActionEmail({
          appName,
          heading: 'Confirm account deletion',
          intro: [
            greeting(user),
            `You asked to delete your ${appName} account (${user.email}). This removes the account and all its businesses, keywords and settings, and cannot be undone.`,
          ],
          action: { label: 'Delete my account', url },
          outro: [
            `Open the link in the browser where you are signed in. It works for ${lifetime(DELETE_ACCOUNT_TOKEN_TTL)}.`,
            'If you did not ask for this, ignore this email: nothing is deleted.',
          ],
        }),
      }
    },
  }
}
export type AuthEmails = ReturnType<typeof authEmails>
