import { DEFAULT_SOCIAL_IMAGE } from '~/features/seo/seo-head'
import type { BlogArticleSummary } from './article'

/**
 * The social card of an article: its hero illustration rasterised to PNG next to the SVG
 * (social networks do not show SVG), e.g. /blog/x/hero.svg → /blog/x/hero.png, 1200×630, made by
 * scripts/render-social-images.mjs. articles.test.ts checks the PNG exists for every article.
 */
export function socialImageFor(article: Pick<BlogArticleSummary, 'images'>) {
  const hero = article.images[0]
  if (!hero) return DEFAULT_SOCIAL_IMAGE
  return { url: hero.url.replace(/\.svg$/, '.png'), alt: hero.alt, width: 1200, height: 630 }
}
