import { describe, expect, it } from 'vitest'
import {
  defaultWebflowFieldMap,
  keptWebflowFieldMap,
  webflowFieldsFor,
  webflowMappingProblems,
  type WebflowCollectionField,
  type WebflowFieldMap,
} from './webflow-fields'

const field = (slug: string, type: string, displayName = slug): WebflowCollectionField => ({ slug, displayName, type, isRequired: false })

/** Webflow's blog template with SEO fields a site added. */
const FIELDS = [
  field('name', 'PlainText', 'Name'),
  field('slug', 'PlainText', 'Slug'),
  field('post-body', 'RichText', 'Post Body'),
  field('post-summary', 'PlainText', 'Post Summary'),
  field('seo-title', 'PlainText', 'SEO title'),
  field('meta-description', 'PlainText', 'Meta description'),
  field('main-image', 'Image', 'Main Image'),
  field('main-image-alt', 'PlainText', 'Main image alt text'),
  field('published-on', 'DateTime', 'Published on'),
  field('tags', 'PlainText', 'Tags'),
  field('canonical-url', 'Link', 'Canonical URL'),
  field('json-ld', 'PlainText', 'JSON-LD'),
  field('featured', 'Switch', 'Featured?'),
]

const NONE: WebflowFieldMap = {
  body: '',
  summary: '',
  metaTitle: '',
  metaDescription: '',
  featuredImage: '',
  imageAlt: '',
  publishedAt: '',
  tags: '',
  canonicalUrl: '',
  jsonLd: '',
}

describe('Webflow field map', () => {
  it('chooses each part’s field by type and name, never Webflow’s own name and slug', () => {
    expect(defaultWebflowFieldMap(FIELDS)).toEqual({
      body: 'post-body',
      summary: 'post-summary',
      metaTitle: 'seo-title',
      metaDescription: 'meta-description',
      featuredImage: 'main-image',
      imageAlt: 'main-image-alt',
      publishedAt: 'published-on',
      tags: 'tags',
      canonicalUrl: 'canonical-url',
      jsonLd: 'json-ld',
    })
    expect(webflowFieldsFor('metaTitle', FIELDS).map((candidate) => candidate.slug)).not.toContain('name')
    // A collection with only a rich text and an image of other names still gets its body and image.
    expect(defaultWebflowFieldMap([field('text', 'RichText'), field('picture', 'Image')])).toEqual({
      ...NONE,
      body: 'text',
      featuredImage: 'picture',
    })
  })

  it('accepts a map whose fields exist and fit, with parts left out', () => {
    expect(webflowMappingProblems({ ...NONE, body: 'post-body', canonicalUrl: 'tags' }, FIELDS)).toEqual([])
  })

  it('says what is wrong with each part: no body, a field not in the collection, a type that cannot hold it, a field chosen twice', () => {
    expect(
      webflowMappingProblems(
        {
          ...NONE,
          summary: 'post-summary',
          metaTitle: 'subtitle',
          metaDescription: 'main-image',
          tags: 'post-summary',
          jsonLd: 'slug',
        },
        FIELDS,
      ),
    ).toEqual([
      { target: 'body', message: 'Choose the rich-text field that receives the body: the collection needs one.' },
      {
        target: 'metaTitle',
        message: 'The collection has no field “subtitle” for the meta title. Choose one of its fields, or none.',
      },
      {
        target: 'metaDescription',
        message: '“Main Image” is a field of type Image, and the meta description can only go to a field of type PlainText.',
      },
      {
        target: 'tags',
        message: '“Post Summary” already receives the summary: choose another field for the tags.',
      },
      { target: 'jsonLd', message: 'The collection has no field “slug” for the JSON-LD. Choose one of its fields, or none.' },
    ])
  })

  it('keeps the saved choices that still fit after the collection changed, and the automatic ones for the rest', () => {
    const saved = { ...defaultWebflowFieldMap(FIELDS), summary: '', metaTitle: 'gone', tags: 'json-ld', jsonLd: 'json-ld' }
    expect(keptWebflowFieldMap(saved, FIELDS)).toEqual({ ...defaultWebflowFieldMap(FIELDS), summary: '', tags: 'json-ld', jsonLd: '' })
  })
})
