/** What stands for the hidden part of a secret. */
export const SECRET_MASK = '••••'

/**
 * How a secret is shown back (API keys, publishing credentials, webhook signing secrets): only its
 * last 4 characters, enough to recognise it, never enough to use or narrow down. A short secret
 * (8 characters or fewer) shows nothing of itself.
 */
export function maskSecret(value: string) {
  if (value.length <= 8) return SECRET_MASK.repeat(2)
  return `${SECRET_MASK}${value.slice(-4)}`
}
