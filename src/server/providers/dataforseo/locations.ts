import { ProviderError } from '../http'

/** DataForSEO location codes (Google Ads geo target ids) for the countries we sell in. */
export const LOCATION_CODES = {
  us: 2840,
  gb: 2826,
  ca: 2124,
  au: 2036,
  de: 2276,
  fr: 2250,
  es: 2724,
  in: 2356,
} as const

export type CountryCode = keyof typeof LOCATION_CODES

export const SUPPORTED_COUNTRIES = Object.keys(LOCATION_CODES) as CountryCode[]

/** Country code (any case, "UK" accepted for Great Britain) → DataForSEO location_code. */
export function locationCode(country: string): number {
  const key = country.trim().toLowerCase()
  const code = LOCATION_CODES[(key === 'uk' ? 'gb' : key) as CountryCode]
  if (code === undefined) {
    throw new ProviderError({
      provider: 'DataForSEO',
      kind: 'rejected',
      attempts: 0,
      message: `Keyword data is not available for the country "${country}". Choose one of: ${SUPPORTED_COUNTRIES.map((c) => c.toUpperCase()).join(', ')}.`,
    })
  }
  return code
}

/** The country of a location code, for the mock and for rows read back from the cache. */
export function countryOfLocation(code: number): CountryCode | undefined {
  return SUPPORTED_COUNTRIES.find((country) => LOCATION_CODES[country] === code)
}
