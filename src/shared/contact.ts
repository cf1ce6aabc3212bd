/** The one address visitors write to (footer, legal pages). */
export const CONTACT_EMAIL = 'hello@rankpilot.app'

/** The year of the footer's copyright line: the current one, in UTC as the server renders it (docs/product/routes.md). */
export const copyrightYear = (now: Date) => now.getUTCFullYear()
