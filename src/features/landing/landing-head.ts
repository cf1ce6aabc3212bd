import { breadcrumbJsonLd, organizationJsonLd, rootConfig, seoHead, type JsonLd } from '~/features/seo/seo-head'
import { FAQ_ITEMS } from './faq'

type HeadMatches = Parameters<typeof rootConfig>[0]

export const LANDING_DESCRIPTION =
  'Rankpilot learns your business from its website, finds keywords you can win, and writes and publishes researched articles to your CMS on autopilot.'

function faqJsonLd(): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ_ITEMS.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

/**
 * Head of `/`. The title stays the root's "{appName} | seo on auto-pilot"; this adds the
 * description, canonical `/`, Open Graph, Twitter and JSON-LD (Organization, BreadcrumbList, FAQPage).
 */
export function landingHead(matches: HeadMatches) {
  const config = rootConfig(matches)
  return seoHead(
    {
      title: `${config.appName} | seo on auto-pilot`,
      description: LANDING_DESCRIPTION,
      path: '/',
      jsonLd: [organizationJsonLd(config), breadcrumbJsonLd(config, [{ name: 'Home', path: '/' }]), faqJsonLd()],
    },
    config,
  )
}
