import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { extractMaterial } from './prompt-material'
import { fillSchema, type JsonSchema } from './schema-filler'

const material = extractMaterial(['You are a helpful assistant.', 'Keyword: cold brew coffee\nURL: https://brewlab.example/'])

describe('JSON schema filler', () => {
  it('meets every constraint of a hand-written schema (refs, nullable, formats, bounds)', () => {
    const schema: JsonSchema = {
      type: 'object',
      $defs: { tag: { type: 'string', minLength: 3, maxLength: 12 } },
      properties: {
        headline: { type: 'string', maxLength: 20 },
        code: { type: 'string', minLength: 40 },
        homepage: { type: 'string', format: 'uri' },
        contact: { type: 'string', format: 'email' },
        published: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        id: { type: 'string', format: 'uuid' },
        rating: { type: 'integer', minimum: 3, maximum: 4 },
        share: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
        open: { type: 'boolean' },
        kind: { enum: ['a', 'b', 'c'] },
        fixed: { const: 'v1' },
        note: { type: ['string', 'null'] },
        parent: { anyOf: [{ type: 'null' }, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }] },
        tags: { type: 'array', items: { $ref: '#/$defs/tag' }, minItems: 7, maxItems: 9 },
        pair: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 },
      },
      required: [
        'headline',
        'code',
        'homepage',
        'contact',
        'published',
        'day',
        'id',
        'rating',
        'share',
        'open',
        'kind',
        'fixed',
        'note',
        'parent',
        'tags',
        'pair',
      ],
      additionalProperties: false,
    } as JsonSchema
    const value = fillSchema(schema, material) as {
      homepage: string
      contact: string
      parent: unknown
      fixed: string
      tags: string[]
      rating: number
      share: number
      code: string
      headline: string
    }
    const validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0])
    expect(validator.safeParse(value).error).toBeUndefined()
    expect(value.homepage).toBe('https://brewlab.example/')
    expect(value.contact).toBe('hello@brewlab.example')
    expect(value.parent).toEqual({ name: 'Brewlab' })
    expect(value.fixed).toBe('v1')
    expect(value.tags).toHaveLength(7)
    expect(new Set(value.tags).size).toBe(7)
    expect(value.rating === 3 || value.rating === 4).toBe(true)
    expect(value.share > 0 && value.share < 1).toBe(true)
    expect(value.code.length).toBeGreaterThanOrEqual(40)
    expect(value.headline.length).toBeLessThanOrEqual(20)
  })

  it('is deterministic and follows the prompt', () => {
    const schema: JsonSchema = { type: 'object', properties: { keywords: { type: 'array', items: { type: 'string' } } } }
    expect(fillSchema(schema, material)).toEqual(fillSchema(schema, material))
    const other = fillSchema(schema, extractMaterial(['Topic: dog grooming'])) as { keywords: string[] }
    expect(other.keywords[0]).toBe('dog grooming')
    expect(other.keywords.every((keyword) => keyword.includes('dog grooming'))).toBe(true)
  })
})
