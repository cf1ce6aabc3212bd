import { describe, expect, it } from 'vitest'
import { businessToResume, initialSetupStep, SETUP_STEPS, type SetupBusinessFields } from './setup-step'

const complete: SetupBusinessFields = {
  name: 'Acme Bakery',
  url: 'https://acme.example',
  description: 'Sourdough delivered in Leeds',
  sitemapUrl: 'https://acme.example/sitemap.xml',
  blogUrl: 'https://acme.example/blog',
  language: 'English',
  tone: 'Informative',
}

// The step setup opens at (docs/product/pipeline.md), one row per rule and boundary.
const cases: Array<[string, SetupBusinessFields | null | undefined, number, number]> = [
  ['no business', null, 0, 1],
  ['undefined business', undefined, 5, 1],
  ['name missing', { ...complete, name: null }, 3, 1],
  ['name blank', { ...complete, name: '  ' }, 3, 1],
  ['url missing', { ...complete, url: '' }, 3, 1],
  ['description missing', { ...complete, description: undefined }, 3, 1],
  ['no competitors', complete, 0, 2],
  ['one competitor', complete, 1, 2],
  ['two competitors, blog missing', { ...complete, blogUrl: null }, 2, 3],
  ['blog blank', { ...complete, blogUrl: ' ' }, 4, 3],
  ['no blog, step 3 saved empty', { ...complete, blogUrl: null, siteStructureSavedAt: new Date('2026-01-01') }, 2, 5],
  ['no sitemap: a site without one leaves it empty', { ...complete, sitemapUrl: null }, 2, 5],
  ['language missing', { ...complete, language: null }, 2, 4],
  ['tone missing', { ...complete, tone: '' }, 2, 4],
  ['everything present', complete, 2, 5],
  ['step 1 wins over later gaps', { name: null, url: null, description: null }, 0, 1],
  ['step 2 wins over step 3', { ...complete, sitemapUrl: null, blogUrl: null }, 1, 2],
]

describe('initialSetupStep (docs/product/pipeline.md)', () => {
  it.each(cases)('%s', (_name, business, competitors, expected) => {
    expect(initialSetupStep(business, competitors)).toBe(expected)
  })

  it('names five steps', () => {
    expect(SETUP_STEPS).toEqual(['Business', 'Competitors', 'Sitemap & blog', 'Language & tone', 'Finish'])
  })
})

describe('businessToResume', () => {
  const business = (id: string, fields: SetupBusinessFields, competitors: number, isCurrent = false) => ({
    id,
    ...fields,
    isCurrent,
    competitors: Array.from({ length: competitors }, (_, index) => ({ id: `${id}-${index}` })),
  })

  it('is the newest added business whose setup is not finished', () => {
    const list = [
      business('current', complete, 2, true),
      business('older-half', complete, 1),
      business('finished', complete, 2),
      business('newest-half', { ...complete, language: null }, 2),
    ]
    expect(businessToResume(list)?.id).toBe('newest-half')
  })

  it('is none when every other business finished setup, and never the current one', () => {
    expect(businessToResume([business('current', { ...complete, tone: null }, 0, true), business('done', complete, 3)])).toBeNull()
    expect(businessToResume([])).toBeNull()
  })
})
