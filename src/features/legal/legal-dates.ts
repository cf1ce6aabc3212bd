/** When each legal text last changed (ISO dates): shown on the page and used as the sitemap's lastmod. */
export const LEGAL_LAST_UPDATED = {
  terms: '2025-03-01',
  privacy: '2025-03-01',
} as const
