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

/**
 * The demo site runs Yoast SEO, with the post meta it registers for the REST API (its SEO title,
 * meta description and focus keyword), so the demo's Test connection finds it and its articles go
 * out with those fields, as a customer's would (docs/product/publishing.md, What goes where).
 */
export const DEMO_CMS_SEO_PLUGIN = {
  namespaces: ['yoast/v1'],
  registeredMeta: ['_yoast_wpseo_title', '_yoast_wpseo_metadesc', '_yoast_wpseo_focuskw'],
}
