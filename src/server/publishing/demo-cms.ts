/**
 * The demo account's CMS (docs/product/publishing.md): in full demo mode the demo business
 * publishes to a WordPress site at APP_URL + DEMO_CMS_PATH. Its REST API is the WordPress mock,
 * answered inside this process by the demo network; its pages (/demo/cms/<slug>/) are served by
 * the app from the articles themselves, so the "View" links of published articles open.
 */
export const DEMO_CMS_PATH = '/demo/cms'

export const demoCmsUrl = (appUrl: string) => `${appUrl}${DEMO_CMS_PATH}`

/** The demo WordPress's editor and application password (checked by the mock like real ones). */
export const DEMO_CMS_USER = 'demo-editor'
export const DEMO_CMS_PASSWORD = 'demo abcd efgh ijkl mnop qrst'
