import { describe, expect, it } from 'vitest'
import { articleSettingsSchema, businessProfileSchema } from '~/shared/business-profile'
import { fieldErrorsOf, firstInvalidField, isHexColor, linesToList, listToLines, serverFieldErrors } from './form-errors'

describe('fieldErrorsOf', () => {
  it('keeps the first message of each field', () => {
    const result = businessProfileSchema.safeParse({ name: '', url: 'nope', description: '' })
    expect(result.success).toBe(false)
    expect(fieldErrorsOf(result.error!)).toEqual({
      name: 'Business name is required.',
      url: 'Website must be a web address such as https://example.com.',
      description: 'Description is required.',
    })
  })

  it('reports the brand colour under its field', () => {
    const result = articleSettingsSchema.safeParse({
      language: 'English',
      tone: 'Informative',
      keywordRegion: 'US',
      autoPublish: true,
      internalLinks: 0,
      articleLeadDays: 3,
      seoScoreFloor: 70,
      articleMinWords: 1200,
      articleMaxWords: 3000,
      addYoutubeVideo: true,
      addCta: true,
      includeInfographics: true,
      imageStyle: 'Minimalist',
      brandColor: '#zzzzzz',
    })
    expect(fieldErrorsOf(result.error!)).toEqual({ brandColor: 'Brand colour must be a hex colour such as #7c3aed.' })
  })

  it('reports a maximum length under the minimum under the maximum’s field', () => {
    const result = articleSettingsSchema.safeParse({
      language: 'English',
      tone: 'Informative',
      keywordRegion: 'US',
      autoPublish: true,
      internalLinks: 0,
      articleLeadDays: 3,
      seoScoreFloor: 70,
      articleMinWords: 2000,
      articleMaxWords: 1500,
      addYoutubeVideo: true,
      addCta: true,
      includeInfographics: true,
      imageStyle: 'Minimalist',
      brandColor: '#7c3aed',
    })
    expect(fieldErrorsOf(result.error!)).toEqual({ articleMaxWords: 'The maximum length must be at least the minimum length.' })
  })
})

describe('serverFieldErrors', () => {
  it('maps issues with a path to fields', () => {
    expect(
      serverFieldErrors({
        data: {
          issues: [
            { message: 'Taken.', path: ['url'] },
            { message: 'Second.', path: ['url'] },
          ],
        },
      }),
    ).toEqual({ url: 'Taken.' })
  })
  it('is null for errors about no field', () => {
    expect(serverFieldErrors({ data: { reason: 'X' } })).toBeNull()
    expect(serverFieldErrors({ data: { issues: [{ message: 'General.' }] } })).toBeNull()
    expect(serverFieldErrors(new Error('network'))).toBeNull()
    expect(serverFieldErrors(null)).toBeNull()
  })
})

describe('helpers', () => {
  it('firstInvalidField follows the form order, not the error order', () => {
    expect(firstInvalidField(['name', 'url', 'description'], { description: 'a', url: 'b' })).toBe('url')
    expect(firstInvalidField(['name'], {})).toBeUndefined()
  })
  it('one entry per line, blanks dropped, trimmed', () => {
    expect(linesToList(' Home baristas \n\n Offices\n')).toEqual(['Home baristas', 'Offices'])
    expect(listToLines(['a', 'b'])).toBe('a\nb')
  })
  it('isHexColor', () => {
    expect(isHexColor('#7C3AED')).toBe(true)
    expect(isHexColor('#7c3ae')).toBe(false)
    expect(isHexColor('purple')).toBe(false)
  })
})
