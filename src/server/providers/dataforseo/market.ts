import type { Market } from '~/server/providers/dataforseo/types'
import { marketCountry } from '~/shared/markets'

/**
 * The keyword-data market of a business: its keyword region picks the country; its article
 * language picks the language when the keyword data has it for that country, else the country's
 * main language (keyword volumes in Icelandic for the United States do not exist).
 */

/** ISO 639-1 codes of the article languages (src/shared/business-profile.ts LANGUAGES); Chinese as DataForSEO writes it. */
export const LANGUAGE_CODES: Record<string, string> = {
  English: 'en',
  Spanish: 'es',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Portuguese: 'pt',
  Dutch: 'nl',
  Swedish: 'sv',
  Norwegian: 'no',
  Danish: 'da',
  Finnish: 'fi',
  Icelandic: 'is',
  Polish: 'pl',
  Czech: 'cs',
  Slovak: 'sk',
  Hungarian: 'hu',
  Romanian: 'ro',
  Bulgarian: 'bg',
  Greek: 'el',
  Turkish: 'tr',
  Russian: 'ru',
  Ukrainian: 'uk',
  Serbian: 'sr',
  Croatian: 'hr',
  Slovenian: 'sl',
  Lithuanian: 'lt',
  Latvian: 'lv',
  Estonian: 'et',
  Arabic: 'ar',
  Hebrew: 'he',
  Persian: 'fa',
  Hindi: 'hi',
  Bengali: 'bn',
  Urdu: 'ur',
  Punjabi: 'pa',
  Tamil: 'ta',
  Telugu: 'te',
  Marathi: 'mr',
  Gujarati: 'gu',
  Kannada: 'kn',
  Malayalam: 'ml',
  Thai: 'th',
  Vietnamese: 'vi',
  Indonesian: 'id',
  Malay: 'ms',
  Filipino: 'tl',
  'Chinese (Simplified)': 'zh-CN',
  'Chinese (Traditional)': 'zh-TW',
  Japanese: 'ja',
  Korean: 'ko',
  Swahili: 'sw',
  Afrikaans: 'af',
  Catalan: 'ca',
  Basque: 'eu',
  Galician: 'gl',
  Irish: 'ga',
  Welsh: 'cy',
}

/** Country code and language code sent to DataForSEO for a business's research, SERP reading and writing. */
export function keywordMarket(business: { keywordRegion: string; language: string }): Market {
  const country = marketCountry(business.keywordRegion)
  if (!country) return { country: business.keywordRegion.trim().toLowerCase(), language: LANGUAGE_CODES[business.language] ?? 'en' }
  const wanted = LANGUAGE_CODES[business.language] ?? 'en'
  return { country: country.code.toLowerCase(), language: country.languages.find((code) => code === wanted) ?? country.languages[0]! }
}
