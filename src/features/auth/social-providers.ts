import type { SocialProviderId } from '~/shared/social-providers'

/** How each provider is named on its button: brand spelling, not the config id. */
const PROVIDER_LABELS: Record<SocialProviderId, string> = {
  apple: 'Apple',
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  microsoft: 'Microsoft',
  google: 'Google',
  huggingface: 'Hugging Face',
  slack: 'Slack',
  spotify: 'Spotify',
  twitch: 'Twitch',
  twitter: 'X (Twitter)',
  dropbox: 'Dropbox',
  kick: 'Kick',
  linear: 'Linear',
  linkedin: 'LinkedIn',
  gitlab: 'GitLab',
  tiktok: 'TikTok',
  reddit: 'Reddit',
  roblox: 'Roblox',
  vk: 'VK',
  zoom: 'Zoom',
  notion: 'Notion',
}

export function providerLabel(provider: SocialProviderId) {
  return PROVIDER_LABELS[provider] ?? provider
}

/**
 * Readable text for the error codes better-auth appends to the error callback URL after a failed
 * social sign-in (docs/product/messages.md). Anyone can put text in `?error=`, so an unknown value is never shown
 * as a sentence (that would let a link write messages on our page): only a code-shaped value is
 * echoed, as a code.
 */
const OAUTH_ERROR_MESSAGES: Record<string, string> = {
  please_restart_the_process: 'The sign-in took too long or was opened in another tab. Please try again.',
  state_not_found: 'The sign-in took too long or was opened in another tab. Please try again.',
  access_denied: 'Sign-in was cancelled at the provider.',
  email_not_found: 'The provider did not share an email address, which an account needs.',
  account_already_linked_to_different_user: 'That provider account is already linked to another user.',
  account_not_linked: 'An account with this email exists. Sign in with your password first, then link the provider.',
  signup_disabled: 'New accounts cannot be created with this provider.',
  unable_to_get_user_info: 'The provider did not return your profile. Please try again.',
  demo_unavailable: 'The demo account is not ready yet. Please try again in a moment.',
}

/** better-auth's error codes are letters and underscores (docs/product/messages.md lists them). */
export const ERROR_CODE_PATTERN = /^[A-Za-z_]{1,64}$/

export function oauthErrorMessage(code: string) {
  const known = OAUTH_ERROR_MESSAGES[code.toLowerCase()]
  if (known) return known
  return ERROR_CODE_PATTERN.test(code) ? `Sign-in failed (error code ${code}). Please try again.` : 'Sign-in failed. Please try again.'
}
