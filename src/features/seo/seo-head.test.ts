import { describe, expect, it } from 'vitest'
import { absoluteUrl, articleJsonLd, breadcrumbJsonLd, jsonLdScript, organizationJsonLd, rootConfig, seoHead } from './seo-head'

const config = { appName: 'Rankpilot', appUrl: 'https://rankpilot.example' }
const metaContent = (head: ReturnType<typeof seoHead>, key: string) =>
  head.meta.filter((tag) => tag.name === key || tag.property === key).map((tag) => tag.content)

describe('absoluteUrl', () => {
  it.each([
    ['/', 'https://rankpilot.example/'],
    ['/blog', 'https://rankpilot.example/blog'],
    ['/blog/a-slug', 'https://rankpilot.example/blog/a-slug'],
    ['https://cdn.example/x.png', 'https://cdn.example/x.png'],
  ])('%s → %s', (path, expected) => {
    expect(absoluteUrl(config.appUrl, path)).toBe(expected)
  })

  it('keeps a base path of APP_URL', () => {
    expect(absoluteUrl('https://example.com/app', '/blog')).toBe('https://example.com/blog')
    expect(absoluteUrl('https://example.com/app', 'blog')).toBe('https://example.com/app/blog')
  })
})

describe('rootConfig', () => {
  it("reads the root loader's appName and appUrl", () => {
    const matches = [
      { routeId: '__root__', loaderData: { ...config, socialProviders: [] } },
      { routeId: '/_public/blog/', loaderData: [] },
    ]
    expect(rootConfig(matches)).toEqual(config)
  })

  it('falls back to the product name and an empty URL without root data', () => {
    expect(rootConfig([])).toEqual({ appName: 'Rankpilot', appUrl: '' })
  })
})

describe('seoHead', () => {
  const page = seoHead({ title: 'Rankpilot | Blog', description: 'Guides.', path: '/blog' }, config)

  it('sets the title, description and an absolute canonical URL on APP_URL', () => {
    expect(page.meta).toContainEqual({ title: 'Rankpilot | Blog' })
    expect(metaContent(page, 'description')).toEqual(['Guides.'])
    expect(page.links).toEqual([{ rel: 'canonical', href: 'https://rankpilot.example/blog' }])
  })

  it('sets Open Graph and Twitter tags once each', () => {
    expect(metaContent(page, 'og:title')).toEqual(['Rankpilot | Blog'])
    expect(metaContent(page, 'og:description')).toEqual(['Guides.'])
    expect(metaContent(page, 'og:url')).toEqual(['https://rankpilot.example/blog'])
    expect(metaContent(page, 'og:type')).toEqual(['website'])
    expect(metaContent(page, 'og:site_name')).toEqual(['Rankpilot'])
    expect(metaContent(page, 'twitter:card')).toEqual(['summary'])
    expect(metaContent(page, 'twitter:title')).toEqual(['Rankpilot | Blog'])
    const keys = page.meta.map((tag) => tag.name ?? tag.property ?? 'title')
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('has no image tags, robots tag or JSON-LD unless asked', () => {
    expect(metaContent(page, 'og:image')).toEqual([])
    expect(metaContent(page, 'robots')).toEqual([])
    expect(page.scripts).toEqual([])
  })

  it('makes the image absolute, adds its alt and size and uses the large Twitter card', () => {
    const head = seoHead(
      { title: 't', description: 'd', path: '/', image: { url: '/og-image.png', alt: 'A card', width: 1200, height: 630 } },
      config,
    )
    expect(metaContent(head, 'og:image')).toEqual(['https://rankpilot.example/og-image.png'])
    expect(metaContent(head, 'twitter:image')).toEqual(['https://rankpilot.example/og-image.png'])
    expect(metaContent(head, 'og:image:alt')).toEqual(['A card'])
    expect(metaContent(head, 'og:image:width')).toEqual(['1200'])
    expect(metaContent(head, 'og:image:height')).toEqual(['630'])
    expect(metaContent(head, 'twitter:card')).toEqual(['summary_large_image'])
  })

  it('uses socialTitle for og:title and twitter:title, not for <title>', () => {
    const head = seoHead({ title: 'Rankpilot | blog article', socialTitle: 'Topic clusters', description: 'd', path: '/blog/x' }, config)
    expect(head.meta).toContainEqual({ title: 'Rankpilot | blog article' })
    expect(metaContent(head, 'og:title')).toEqual(['Topic clusters'])
    expect(metaContent(head, 'twitter:title')).toEqual(['Topic clusters'])
  })

  it('adds article tags: type, dates and the primary keyword', () => {
    const head = seoHead(
      {
        title: 't',
        description: 'd',
        path: '/blog/x',
        type: 'article',
        article: { publishedTime: '2025-03-04', modifiedTime: '2025-03-05', tags: ['keyword research', 'search intent'] },
      },
      config,
    )
    expect(metaContent(head, 'og:type')).toEqual(['article'])
    expect(metaContent(head, 'article:published_time')).toEqual(['2025-03-04'])
    expect(metaContent(head, 'article:modified_time')).toEqual(['2025-03-05'])
    expect(metaContent(head, 'article:tag')).toEqual(['keyword research'])
  })

  it('marks noindex pages', () => {
    const head = seoHead({ title: 't', description: 'd', path: '/x', noindex: true }, config)
    expect(metaContent(head, 'robots')).toEqual(['noindex'])
  })

  it('renders each JSON-LD object as an application/ld+json script', () => {
    const head = seoHead({ title: 't', description: 'd', path: '/', jsonLd: [organizationJsonLd(config)] }, config)
    expect(head.scripts).toHaveLength(1)
    expect(head.scripts[0].type).toBe('application/ld+json')
    expect(JSON.parse(head.scripts[0].children)).toMatchObject({ '@type': 'Organization', name: 'Rankpilot' })
  })
})

describe('jsonLdScript', () => {
  it('escapes < so a value can never close the script element', () => {
    const script = jsonLdScript({ name: '</script><script>alert(1)</script>' })
    expect(script.children).not.toContain('<')
    expect(JSON.parse(script.children)).toEqual({ name: '</script><script>alert(1)</script>' })
  })
})

describe('JSON-LD builders', () => {
  it('organizationJsonLd: name, home URL and logo on APP_URL', () => {
    expect(organizationJsonLd(config)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Rankpilot',
      url: 'https://rankpilot.example/',
      logo: 'https://rankpilot.example/logo.svg',
    })
  })

  it('breadcrumbJsonLd: positions from 1 and absolute item URLs', () => {
    const data = breadcrumbJsonLd(config, [
      { name: 'Home', path: '/' },
      { name: 'Blog', path: '/blog' },
    ])
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://rankpilot.example/' },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: 'https://rankpilot.example/blog' },
      ],
    })
  })

  it('articleJsonLd: headline, description, dates, absolute images, keywords, author and publisher', () => {
    const data = articleJsonLd(config, {
      headline: 'How to find keywords',
      description: 'A guide.',
      path: '/blog/how-to',
      datePublished: '2025-03-04',
      images: ['/blog/how-to/hero.png', '/blog/how-to/hero.svg'],
      keywords: ['keyword research', 'search intent'],
    })
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'How to find keywords',
      description: 'A guide.',
      url: 'https://rankpilot.example/blog/how-to',
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://rankpilot.example/blog/how-to' },
      datePublished: '2025-03-04',
      dateModified: '2025-03-04',
      image: ['https://rankpilot.example/blog/how-to/hero.png', 'https://rankpilot.example/blog/how-to/hero.svg'],
      keywords: 'keyword research, search intent',
      author: { '@type': 'Organization', name: 'Rankpilot', url: 'https://rankpilot.example/' },
      publisher: {
        '@type': 'Organization',
        name: 'Rankpilot',
        logo: { '@type': 'ImageObject', url: 'https://rankpilot.example/logo.svg' },
      },
    })
  })
})
