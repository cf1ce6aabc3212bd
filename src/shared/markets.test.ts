import { describe, expect, it } from 'vitest'
import { LANGUAGES } from './business-profile'
import { articleLanguageOf, countryOfLocationCode, defaultMarket, MARKET_COUNTRIES, MARKET_LANGUAGES, marketCountry } from './markets'

describe('keyword markets', () => {
  it('holds the location codes DataForSEO documents, each 2000 + the ISO 3166-1 numeric code', () => {
    const expected: Record<string, number> = {
      US: 2840,
      GB: 2826,
      CA: 2124,
      AU: 2036,
      DE: 2276,
      FR: 2250,
      ES: 2724,
      IN: 2356,
      IT: 2380,
      JP: 2392,
      BR: 2076,
      NL: 2528,
      SE: 2752,
    }
    for (const [code, locationCode] of Object.entries(expected)) expect(marketCountry(code)?.locationCode, code).toBe(locationCode)
  })

  it('covers every EU/EEA, G20 and English-speaking country and leaves out the ones DataForSEO does not serve', () => {
    const eea = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' ')
    const g20 = 'AR AU BR CA CN FR DE IN ID IT JP KR MX SA ZA TR GB US'.split(' ')
    const english = 'US GB IE CA AU NZ ZA NG KE GH JM TT BB BS BZ SG PH MT'.split(' ')
    for (const code of [...eea, ...g20, ...english]) expect(marketCountry(code), code).toBeDefined()
    for (const code of ['RU', 'BY', 'KP', 'IR', 'SY', 'CU']) expect(marketCountry(code), code).toBeUndefined()
    expect(MARKET_COUNTRIES.length).toBeGreaterThanOrEqual(240)
  })

  it('has unique codes and location codes, sorted by name', () => {
    expect(new Set(MARKET_COUNTRIES.map((country) => country.code)).size).toBe(MARKET_COUNTRIES.length)
    expect(new Set(MARKET_COUNTRIES.map((country) => country.locationCode)).size).toBe(MARKET_COUNTRIES.length)
    for (const country of MARKET_COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/)
    const names = MARKET_COUNTRIES.map((country) => country.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('gives every country languages DataForSEO serves, each one an article language', () => {
    const codes = new Set<string>(MARKET_LANGUAGES.map((language) => language.code))
    for (const country of MARKET_COUNTRIES) {
      expect(country.languages.length, country.code).toBeGreaterThan(0)
      for (const language of country.languages) expect(codes.has(language), `${country.code} ${language}`).toBe(true)
    }
    for (const language of MARKET_LANGUAGES) expect(LANGUAGES as readonly string[]).toContain(language.name)
  })

  it('reads codes in any case, UK as GB, and location codes back', () => {
    expect(marketCountry(' it ')?.name).toBe('Italy')
    expect(marketCountry('uk')?.code).toBe('GB')
    expect(marketCountry('XX')).toBeUndefined()
    expect(countryOfLocationCode(2392)?.code).toBe('JP')
    expect(countryOfLocationCode(2643)).toBeUndefined()
  })

  it('writes articles in the main language of the market by default', () => {
    expect(articleLanguageOf('IT')).toBe('Italian')
    expect(articleLanguageOf('JP')).toBe('Japanese')
    expect(articleLanguageOf('BE')).toBe('Dutch')
    expect(articleLanguageOf('TW')).toBe('Chinese (Traditional)')
    expect(articleLanguageOf('US')).toBe('English')
    expect(articleLanguageOf('XX')).toBe('English')
  })
})

describe('defaultMarket', () => {
  it('takes the country of a country-code domain and writes in its main language', () => {
    expect(defaultMarket({ siteUrl: 'https://fornorossi.it/' })).toEqual({ region: 'IT', language: 'Italian' })
    expect(defaultMarket({ siteUrl: 'https://www.leeds-bakery.co.uk' })).toEqual({ region: 'GB', language: 'English' })
    expect(defaultMarket({ siteUrl: 'https://shop.uk' })).toEqual({ region: 'GB', language: 'English' })
    expect(defaultMarket({ siteUrl: 'https://sakura.jp' })).toEqual({ region: 'JP', language: 'Japanese' })
    expect(defaultMarket({ siteUrl: 'https://baeckerei.de' })).toEqual({ region: 'DE', language: 'German' })
  })

  it('keeps the site’s language where the country has keyword data in it', () => {
    expect(defaultMarket({ siteUrl: 'https://boulangerie.ca', siteLanguage: 'fr-CA' })).toEqual({ region: 'CA', language: 'French' })
    expect(defaultMarket({ siteUrl: 'https://www.example.ch', siteLanguage: 'it' })).toEqual({ region: 'CH', language: 'Italian' })
    expect(defaultMarket({ siteUrl: 'https://bakery.jp', siteLanguage: 'en' })).toEqual({ region: 'JP', language: 'Japanese' })
  })

  it('reads a generic domain from the site’s language tag, then the address, then the language alone', () => {
    expect(defaultMarket({ siteUrl: 'https://bakery.com', siteLanguage: 'en-GB' })).toEqual({ region: 'GB', language: 'English' })
    expect(
      defaultMarket({ siteUrl: 'https://bakery.com', siteLanguage: 'en', address: '12 Briggate, Leeds LS1 6HD, United Kingdom' }),
    ).toEqual({
      region: 'GB',
      language: 'English',
    })
    expect(defaultMarket({ siteUrl: 'https://bakery.com', address: 'Via Indipendenza 3, 40121 Bologna, Italy' })).toEqual({
      region: 'IT',
      language: 'Italian',
    })
    expect(defaultMarket({ siteUrl: 'https://forno.com', siteLanguage: 'it' })).toEqual({ region: 'IT', language: 'Italian' })
    expect(defaultMarket({ siteUrl: 'https://pan.io', siteLanguage: 'ja-JP' })).toEqual({ region: 'JP', language: 'Japanese' })
    expect(defaultMarket({ siteUrl: 'https://shop.com', siteLanguage: 'zh-Hant' })).toEqual({
      region: 'TW',
      language: 'Chinese (Traditional)',
    })
    expect(defaultMarket({ siteUrl: 'https://shop.com', siteLanguage: 'nb-NO' })).toEqual({ region: 'NO', language: 'Norwegian' })
  })

  it('falls back to the United States in English', () => {
    expect(defaultMarket({ siteUrl: 'https://bakery.com' })).toEqual({ region: 'US', language: 'English' })
    expect(defaultMarket({ siteUrl: 'https://bakery.ai', siteLanguage: 'xx' })).toEqual({ region: 'US', language: 'English' })
    expect(defaultMarket({ siteUrl: 'not a url' })).toEqual({ region: 'US', language: 'English' })
  })
})
