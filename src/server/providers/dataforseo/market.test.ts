import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '~/shared/business-profile'
import { LANGUAGE_CODES, keywordMarket } from './market'

describe('keywordMarket', () => {
  it('every article language has a language code', () => {
    for (const language of LANGUAGES) expect(LANGUAGE_CODES[language], language).toMatch(/^[a-z]{2}(?:-[A-Z]{2})?$/)
  })

  it('uses the article language where the region has keyword data in it, else the region’s main language', () => {
    expect(keywordMarket({ keywordRegion: 'US', language: 'English' })).toEqual({ country: 'us', language: 'en' })
    expect(keywordMarket({ keywordRegion: 'US', language: 'Spanish' })).toEqual({ country: 'us', language: 'es' })
    expect(keywordMarket({ keywordRegion: 'CA', language: 'French' })).toEqual({ country: 'ca', language: 'fr' })
    expect(keywordMarket({ keywordRegion: 'DE', language: 'German' })).toEqual({ country: 'de', language: 'de' })
    expect(keywordMarket({ keywordRegion: 'DE', language: 'English' })).toEqual({ country: 'de', language: 'de' })
    expect(keywordMarket({ keywordRegion: 'US', language: 'Icelandic' })).toEqual({ country: 'us', language: 'en' })
    expect(keywordMarket({ keywordRegion: 'uk', language: 'Welsh' })).toEqual({ country: 'gb', language: 'cy' })
    expect(keywordMarket({ keywordRegion: 'IN', language: 'Hindi' })).toEqual({ country: 'in', language: 'hi' })
    expect(keywordMarket({ keywordRegion: 'IT', language: 'Italian' })).toEqual({ country: 'it', language: 'it' })
    expect(keywordMarket({ keywordRegion: 'JP', language: 'Japanese' })).toEqual({ country: 'jp', language: 'ja' })
    expect(keywordMarket({ keywordRegion: 'JP', language: 'English' })).toEqual({ country: 'jp', language: 'ja' })
    expect(keywordMarket({ keywordRegion: 'CH', language: 'Italian' })).toEqual({ country: 'ch', language: 'it' })
    expect(keywordMarket({ keywordRegion: 'TW', language: 'Chinese (Traditional)' })).toEqual({ country: 'tw', language: 'zh-TW' })
  })
})
