/** The one address visitors write to (footer, legal pages). */
export const CONTACT_EMAIL = 'hello@rankpilot.app'

/** The year of the footer's copyright line: 2025, fixed rather than computed (docs/product/routes.md). */
export const COPYRIGHT_YEAR = 2025
