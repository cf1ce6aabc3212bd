import { countryOfLocationCode, MARKET_COUNTRIES, marketCountry } from '~/shared/markets'
import { ProviderError } from '../http'

/** Country code (ISO 3166-1, any case, "UK" accepted for Great Britain) → DataForSEO location_code (src/shared/markets.ts). */
export function locationCode(country: string): number {
  const found = marketCountry(country)
  if (!found) {
    throw new ProviderError({
      provider: 'DataForSEO',
      kind: 'rejected',
      attempts: 0,
      message: `Keyword data is not available for the country "${country}". Choose one of the ${MARKET_COUNTRIES.length} countries in Settings.`,
    })
  }
  return found.locationCode
}

/** The lower-case country code of a location code, for the mock and for rows read back from the cache. */
export function countryOfLocation(code: number): string | undefined {
  return countryOfLocationCode(code)?.code.toLowerCase()
}
