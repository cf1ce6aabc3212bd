import { HOME_PAGE, type PublicPage } from '~/features/seo/public-pages'
import { breadcrumbJsonLd, DEFAULT_SOCIAL_IMAGE, rootConfig, seoHead } from '~/features/seo/seo-head'

export const legalBreadcrumbs = (page: PublicPage) => [HOME_PAGE, { name: page.name, path: page.path }]

/** Head tags of a legal page: its title and description, canonical URL, social tags and breadcrumbs. */
export function legalHead(page: PublicPage, matches: Parameters<typeof rootConfig>[0]) {
  const config = rootConfig(matches)
  return seoHead(
    {
      title: page.title(config.appName),
      description: page.description(config.appName),
      path: page.path,
      image: DEFAULT_SOCIAL_IMAGE,
      jsonLd: [breadcrumbJsonLd(config, legalBreadcrumbs(page))],
    },
    config,
  )
}
