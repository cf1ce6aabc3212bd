/** The one address visitors write to (footer, legal pages). */
export const CONTACT_EMAIL = 'hello@rankpilot.app'

/** The year of the footer's copyright line (spec §2: "year 2025"), fixed rather than computed. */
export const COPYRIGHT_YEAR = 2025
