/**
 * Every keyword market: the countries DataForSEO serves Google keyword data and SERPs for, and the
 * languages it serves them in (docs/product/pipeline.md "Markets").
 *
 * A country's DataForSEO location_code is its Google Ads geo target id, which for a country is
 * 2000 + its ISO 3166-1 numeric code (United States 840 → 2840, Italy 380 → 2380, Japan 392 → 2392).
 * Russia and Belarus are left out (DataForSEO no longer serves them), and so are the countries
 * Google Ads does not serve (Cuba, Iran, North Korea, Syria).
 */

/** The languages DataForSEO serves Google keyword data in: its language_code and the article language of that name. */
export const MARKET_LANGUAGES = [
  { code: 'ar', name: 'Arabic' },
  { code: 'bn', name: 'Bengali' },
  { code: 'bg', name: 'Bulgarian' },
  { code: 'ca', name: 'Catalan' },
  { code: 'zh-CN', name: 'Chinese (Simplified)' },
  { code: 'zh-TW', name: 'Chinese (Traditional)' },
  { code: 'hr', name: 'Croatian' },
  { code: 'cs', name: 'Czech' },
  { code: 'da', name: 'Danish' },
  { code: 'nl', name: 'Dutch' },
  { code: 'en', name: 'English' },
  { code: 'et', name: 'Estonian' },
  { code: 'tl', name: 'Filipino' },
  { code: 'fi', name: 'Finnish' },
  { code: 'fr', name: 'French' },
  { code: 'gl', name: 'Galician' },
  { code: 'de', name: 'German' },
  { code: 'el', name: 'Greek' },
  { code: 'gu', name: 'Gujarati' },
  { code: 'he', name: 'Hebrew' },
  { code: 'hi', name: 'Hindi' },
  { code: 'hu', name: 'Hungarian' },
  { code: 'is', name: 'Icelandic' },
  { code: 'id', name: 'Indonesian' },
  { code: 'it', name: 'Italian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'kn', name: 'Kannada' },
  { code: 'ko', name: 'Korean' },
  { code: 'lv', name: 'Latvian' },
  { code: 'lt', name: 'Lithuanian' },
  { code: 'ms', name: 'Malay' },
  { code: 'ml', name: 'Malayalam' },
  { code: 'mr', name: 'Marathi' },
  { code: 'no', name: 'Norwegian' },
  { code: 'fa', name: 'Persian' },
  { code: 'pl', name: 'Polish' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'pa', name: 'Punjabi' },
  { code: 'ro', name: 'Romanian' },
  { code: 'ru', name: 'Russian' },
  { code: 'sr', name: 'Serbian' },
  { code: 'sk', name: 'Slovak' },
  { code: 'sl', name: 'Slovenian' },
  { code: 'es', name: 'Spanish' },
  { code: 'sv', name: 'Swedish' },
  { code: 'ta', name: 'Tamil' },
  { code: 'te', name: 'Telugu' },
  { code: 'th', name: 'Thai' },
  { code: 'tr', name: 'Turkish' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'ur', name: 'Urdu' },
  { code: 'vi', name: 'Vietnamese' },
  { code: 'eu', name: 'Basque' },
  { code: 'cy', name: 'Welsh' },
] as const

export type MarketLanguageCode = (typeof MARKET_LANGUAGES)[number]['code']

/** ISO 3166-1 alpha-2, ISO 3166-1 numeric, English name, the DataForSEO languages of the country (main one first). */
const COUNTRY_ROWS: readonly (readonly [string, number, string, string])[] = [
  ['AD', 20, 'Andorra', 'ca es fr'],
  ['AE', 784, 'United Arab Emirates', 'ar en'],
  ['AF', 4, 'Afghanistan', 'fa'],
  ['AG', 28, 'Antigua and Barbuda', 'en'],
  ['AI', 660, 'Anguilla', 'en'],
  ['AL', 8, 'Albania', 'en'],
  ['AM', 51, 'Armenia', 'en'],
  ['AO', 24, 'Angola', 'pt'],
  ['AQ', 10, 'Antarctica', 'en'],
  ['AR', 32, 'Argentina', 'es'],
  ['AS', 16, 'American Samoa', 'en'],
  ['AT', 40, 'Austria', 'de'],
  ['AU', 36, 'Australia', 'en'],
  ['AW', 533, 'Aruba', 'nl'],
  ['AX', 248, 'Åland Islands', 'sv fi'],
  ['AZ', 31, 'Azerbaijan', 'en'],
  ['BA', 70, 'Bosnia and Herzegovina', 'hr sr'],
  ['BB', 52, 'Barbados', 'en'],
  ['BD', 50, 'Bangladesh', 'bn en'],
  ['BE', 56, 'Belgium', 'nl fr de'],
  ['BF', 854, 'Burkina Faso', 'fr'],
  ['BG', 100, 'Bulgaria', 'bg'],
  ['BH', 48, 'Bahrain', 'ar en'],
  ['BI', 108, 'Burundi', 'fr'],
  ['BJ', 204, 'Benin', 'fr'],
  ['BL', 652, 'Saint Barthélemy', 'fr'],
  ['BM', 60, 'Bermuda', 'en'],
  ['BN', 96, 'Brunei', 'ms en'],
  ['BO', 68, 'Bolivia', 'es'],
  ['BQ', 535, 'Caribbean Netherlands', 'nl'],
  ['BR', 76, 'Brazil', 'pt'],
  ['BS', 44, 'Bahamas', 'en'],
  ['BT', 64, 'Bhutan', 'en'],
  ['BV', 74, 'Bouvet Island', 'no'],
  ['BW', 72, 'Botswana', 'en'],
  ['BZ', 84, 'Belize', 'en es'],
  ['CA', 124, 'Canada', 'en fr'],
  ['CC', 166, 'Cocos (Keeling) Islands', 'en'],
  ['CD', 180, 'Congo (DRC)', 'fr'],
  ['CF', 140, 'Central African Republic', 'fr'],
  ['CG', 178, 'Congo', 'fr'],
  ['CH', 756, 'Switzerland', 'de fr it'],
  ['CI', 384, "Côte d'Ivoire", 'fr'],
  ['CK', 184, 'Cook Islands', 'en'],
  ['CL', 152, 'Chile', 'es'],
  ['CM', 120, 'Cameroon', 'fr en'],
  ['CN', 156, 'China', 'zh-CN'],
  ['CO', 170, 'Colombia', 'es'],
  ['CR', 188, 'Costa Rica', 'es'],
  ['CV', 132, 'Cape Verde', 'pt'],
  ['CW', 531, 'Curaçao', 'nl'],
  ['CX', 162, 'Christmas Island', 'en'],
  ['CY', 196, 'Cyprus', 'el tr en'],
  ['CZ', 203, 'Czechia', 'cs'],
  ['DE', 276, 'Germany', 'de'],
  ['DJ', 262, 'Djibouti', 'fr ar'],
  ['DK', 208, 'Denmark', 'da'],
  ['DM', 212, 'Dominica', 'en'],
  ['DO', 214, 'Dominican Republic', 'es'],
  ['DZ', 12, 'Algeria', 'ar fr'],
  ['EC', 218, 'Ecuador', 'es'],
  ['EE', 233, 'Estonia', 'et'],
  ['EG', 818, 'Egypt', 'ar en'],
  ['EH', 732, 'Western Sahara', 'ar'],
  ['ER', 232, 'Eritrea', 'en ar'],
  ['ES', 724, 'Spain', 'es ca eu gl'],
  ['ET', 231, 'Ethiopia', 'en'],
  ['FI', 246, 'Finland', 'fi sv'],
  ['FJ', 242, 'Fiji', 'en'],
  ['FK', 238, 'Falkland Islands', 'en'],
  ['FM', 583, 'Micronesia', 'en'],
  ['FO', 234, 'Faroe Islands', 'da'],
  ['FR', 250, 'France', 'fr'],
  ['GA', 266, 'Gabon', 'fr'],
  ['GB', 826, 'United Kingdom', 'en cy'],
  ['GD', 308, 'Grenada', 'en'],
  ['GE', 268, 'Georgia', 'en'],
  ['GF', 254, 'French Guiana', 'fr'],
  ['GG', 831, 'Guernsey', 'en'],
  ['GH', 288, 'Ghana', 'en'],
  ['GI', 292, 'Gibraltar', 'en es'],
  ['GL', 304, 'Greenland', 'da'],
  ['GM', 270, 'Gambia', 'en'],
  ['GN', 324, 'Guinea', 'fr'],
  ['GP', 312, 'Guadeloupe', 'fr'],
  ['GQ', 226, 'Equatorial Guinea', 'es fr'],
  ['GR', 300, 'Greece', 'el'],
  ['GS', 239, 'South Georgia and the South Sandwich Islands', 'en'],
  ['GT', 320, 'Guatemala', 'es'],
  ['GU', 316, 'Guam', 'en'],
  ['GW', 624, 'Guinea-Bissau', 'pt'],
  ['GY', 328, 'Guyana', 'en'],
  ['HK', 344, 'Hong Kong', 'zh-TW en'],
  ['HM', 334, 'Heard Island and McDonald Islands', 'en'],
  ['HN', 340, 'Honduras', 'es'],
  ['HR', 191, 'Croatia', 'hr'],
  ['HT', 332, 'Haiti', 'fr'],
  ['HU', 348, 'Hungary', 'hu'],
  ['ID', 360, 'Indonesia', 'id en'],
  ['IE', 372, 'Ireland', 'en'],
  ['IL', 376, 'Israel', 'he ar'],
  ['IM', 833, 'Isle of Man', 'en'],
  ['IN', 356, 'India', 'en hi bn ta te mr gu kn ml pa ur'],
  ['IO', 86, 'British Indian Ocean Territory', 'en'],
  ['IQ', 368, 'Iraq', 'ar'],
  ['IS', 352, 'Iceland', 'is'],
  ['IT', 380, 'Italy', 'it'],
  ['JE', 832, 'Jersey', 'en'],
  ['JM', 388, 'Jamaica', 'en'],
  ['JO', 400, 'Jordan', 'ar'],
  ['JP', 392, 'Japan', 'ja'],
  ['KE', 404, 'Kenya', 'en'],
  ['KG', 417, 'Kyrgyzstan', 'ru'],
  ['KH', 116, 'Cambodia', 'en'],
  ['KI', 296, 'Kiribati', 'en'],
  ['KM', 174, 'Comoros', 'fr ar'],
  ['KN', 659, 'Saint Kitts and Nevis', 'en'],
  ['KR', 410, 'South Korea', 'ko'],
  ['KW', 414, 'Kuwait', 'ar'],
  ['KY', 136, 'Cayman Islands', 'en'],
  ['KZ', 398, 'Kazakhstan', 'ru'],
  ['LA', 418, 'Laos', 'en'],
  ['LB', 422, 'Lebanon', 'ar fr'],
  ['LC', 662, 'Saint Lucia', 'en'],
  ['LI', 438, 'Liechtenstein', 'de'],
  ['LK', 144, 'Sri Lanka', 'en ta'],
  ['LR', 430, 'Liberia', 'en'],
  ['LS', 426, 'Lesotho', 'en'],
  ['LT', 440, 'Lithuania', 'lt'],
  ['LU', 442, 'Luxembourg', 'fr de'],
  ['LV', 428, 'Latvia', 'lv'],
  ['LY', 434, 'Libya', 'ar'],
  ['MA', 504, 'Morocco', 'ar fr'],
  ['MC', 492, 'Monaco', 'fr'],
  ['MD', 498, 'Moldova', 'ro'],
  ['ME', 499, 'Montenegro', 'sr'],
  ['MF', 663, 'Saint Martin', 'fr'],
  ['MG', 450, 'Madagascar', 'fr'],
  ['MH', 584, 'Marshall Islands', 'en'],
  ['MK', 807, 'North Macedonia', 'en'],
  ['ML', 466, 'Mali', 'fr'],
  ['MM', 104, 'Myanmar', 'en'],
  ['MN', 496, 'Mongolia', 'en'],
  ['MO', 446, 'Macao', 'zh-TW pt'],
  ['MP', 580, 'Northern Mariana Islands', 'en'],
  ['MQ', 474, 'Martinique', 'fr'],
  ['MR', 478, 'Mauritania', 'ar fr'],
  ['MS', 500, 'Montserrat', 'en'],
  ['MT', 470, 'Malta', 'en'],
  ['MU', 480, 'Mauritius', 'en fr'],
  ['MV', 462, 'Maldives', 'en'],
  ['MW', 454, 'Malawi', 'en'],
  ['MX', 484, 'Mexico', 'es'],
  ['MY', 458, 'Malaysia', 'ms en zh-CN'],
  ['MZ', 508, 'Mozambique', 'pt'],
  ['NA', 516, 'Namibia', 'en'],
  ['NC', 540, 'New Caledonia', 'fr'],
  ['NE', 562, 'Niger', 'fr'],
  ['NF', 574, 'Norfolk Island', 'en'],
  ['NG', 566, 'Nigeria', 'en'],
  ['NI', 558, 'Nicaragua', 'es'],
  ['NL', 528, 'Netherlands', 'nl'],
  ['NO', 578, 'Norway', 'no'],
  ['NP', 524, 'Nepal', 'en'],
  ['NR', 520, 'Nauru', 'en'],
  ['NU', 570, 'Niue', 'en'],
  ['NZ', 554, 'New Zealand', 'en'],
  ['OM', 512, 'Oman', 'ar'],
  ['PA', 591, 'Panama', 'es'],
  ['PE', 604, 'Peru', 'es'],
  ['PF', 258, 'French Polynesia', 'fr'],
  ['PG', 598, 'Papua New Guinea', 'en'],
  ['PH', 608, 'Philippines', 'en tl'],
  ['PK', 586, 'Pakistan', 'en ur'],
  ['PL', 616, 'Poland', 'pl'],
  ['PM', 666, 'Saint Pierre and Miquelon', 'fr'],
  ['PN', 612, 'Pitcairn Islands', 'en'],
  ['PR', 630, 'Puerto Rico', 'es en'],
  ['PS', 275, 'Palestine', 'ar'],
  ['PT', 620, 'Portugal', 'pt'],
  ['PW', 585, 'Palau', 'en'],
  ['PY', 600, 'Paraguay', 'es'],
  ['QA', 634, 'Qatar', 'ar en'],
  ['RE', 638, 'Réunion', 'fr'],
  ['RO', 642, 'Romania', 'ro'],
  ['RS', 688, 'Serbia', 'sr'],
  ['RW', 646, 'Rwanda', 'en fr'],
  ['SA', 682, 'Saudi Arabia', 'ar'],
  ['SB', 90, 'Solomon Islands', 'en'],
  ['SC', 690, 'Seychelles', 'en fr'],
  ['SD', 729, 'Sudan', 'ar en'],
  ['SE', 752, 'Sweden', 'sv'],
  ['SG', 702, 'Singapore', 'en zh-CN ms ta'],
  ['SH', 654, 'Saint Helena', 'en'],
  ['SI', 705, 'Slovenia', 'sl'],
  ['SJ', 744, 'Svalbard and Jan Mayen', 'no'],
  ['SK', 703, 'Slovakia', 'sk'],
  ['SL', 694, 'Sierra Leone', 'en'],
  ['SM', 674, 'San Marino', 'it'],
  ['SN', 686, 'Senegal', 'fr'],
  ['SO', 706, 'Somalia', 'ar'],
  ['SR', 740, 'Suriname', 'nl'],
  ['SS', 728, 'South Sudan', 'en'],
  ['ST', 678, 'São Tomé and Príncipe', 'pt'],
  ['SV', 222, 'El Salvador', 'es'],
  ['SX', 534, 'Sint Maarten', 'nl en'],
  ['SZ', 748, 'Eswatini', 'en'],
  ['TC', 796, 'Turks and Caicos Islands', 'en'],
  ['TD', 148, 'Chad', 'fr ar'],
  ['TF', 260, 'French Southern Territories', 'fr'],
  ['TG', 768, 'Togo', 'fr'],
  ['TH', 764, 'Thailand', 'th'],
  ['TJ', 762, 'Tajikistan', 'ru'],
  ['TK', 772, 'Tokelau', 'en'],
  ['TL', 626, 'Timor-Leste', 'pt'],
  ['TM', 795, 'Turkmenistan', 'ru'],
  ['TN', 788, 'Tunisia', 'ar fr'],
  ['TO', 776, 'Tonga', 'en'],
  ['TR', 792, 'Türkiye', 'tr'],
  ['TT', 780, 'Trinidad and Tobago', 'en'],
  ['TV', 798, 'Tuvalu', 'en'],
  ['TW', 158, 'Taiwan', 'zh-TW'],
  ['TZ', 834, 'Tanzania', 'en'],
  ['UA', 804, 'Ukraine', 'uk'],
  ['UG', 800, 'Uganda', 'en'],
  ['UM', 581, 'U.S. Outlying Islands', 'en'],
  ['US', 840, 'United States', 'en es'],
  ['UY', 858, 'Uruguay', 'es'],
  ['UZ', 860, 'Uzbekistan', 'ru'],
  ['VA', 336, 'Vatican City', 'it'],
  ['VC', 670, 'Saint Vincent and the Grenadines', 'en'],
  ['VE', 862, 'Venezuela', 'es'],
  ['VG', 92, 'British Virgin Islands', 'en'],
  ['VI', 850, 'U.S. Virgin Islands', 'en'],
  ['VN', 704, 'Vietnam', 'vi'],
  ['VU', 548, 'Vanuatu', 'en fr'],
  ['WF', 876, 'Wallis and Futuna', 'fr'],
  ['WS', 882, 'Samoa', 'en'],
  ['YE', 887, 'Yemen', 'ar'],
  ['YT', 175, 'Mayotte', 'fr'],
  ['ZA', 710, 'South Africa', 'en'],
  ['ZM', 894, 'Zambia', 'en'],
  ['ZW', 716, 'Zimbabwe', 'en'],
]

export interface MarketCountry {
  /** ISO 3166-1 alpha-2, as the keywordRegion setting stores it. */
  code: string
  name: string
  /** DataForSEO location_code: 2000 + the ISO 3166-1 numeric code. */
  locationCode: number
  /** DataForSEO language codes keyword data is read in for this country; the first is the country's main language. */
  languages: readonly MarketLanguageCode[]
}

export const MARKET_COUNTRIES: readonly MarketCountry[] = COUNTRY_ROWS.map(([code, numeric, name, languages]) => ({
  code,
  name,
  locationCode: 2000 + numeric,
  languages: languages.split(' ') as MarketLanguageCode[],
})).sort((a, b) => a.name.localeCompare(b.name, 'en'))

const BY_CODE = new Map(MARKET_COUNTRIES.map((country) => [country.code, country]))
const BY_LOCATION = new Map(MARKET_COUNTRIES.map((country) => [country.locationCode, country]))

/** The country of an ISO code in any case ("UK" is read as GB, as people write it). */
export function marketCountry(code: string): MarketCountry | undefined {
  const key = code.trim().toUpperCase()
  return BY_CODE.get(key === 'UK' ? 'GB' : key)
}

export function countryOfLocationCode(locationCode: number): MarketCountry | undefined {
  return BY_LOCATION.get(locationCode)
}

export function marketLanguage(code: string): (typeof MARKET_LANGUAGES)[number] | undefined {
  return MARKET_LANGUAGES.find((language) => language.code === code)
}

/** The article language a market is written in by default: the name of the country's main language. */
export function articleLanguageOf(region: string): string {
  const main = marketCountry(region)?.languages[0] ?? 'en'
  return marketLanguage(main)?.name ?? 'English'
}

/** Country-code domains used as generic ones (a .io or .ai site says nothing about where its customers are). */
const GENERIC_COUNTRY_DOMAINS = new Set([
  'io',
  'co',
  'ai',
  'me',
  'tv',
  'fm',
  'ly',
  'to',
  'cc',
  'ws',
  'gg',
  'sh',
  'ac',
  'so',
  'vc',
  'la',
  'am',
  'xyz',
])

/** The country a language alone points to, where its main country is not the first in the table by name. */
const LANGUAGE_HOME: Record<string, string> = {
  en: 'US',
  es: 'ES',
  pt: 'BR',
  fr: 'FR',
  de: 'DE',
  ar: 'SA',
  'zh-CN': 'CN',
  'zh-TW': 'TW',
  nl: 'NL',
  sv: 'SE',
  it: 'IT',
  ru: 'KZ',
  ms: 'MY',
  ta: 'IN',
  sr: 'RS',
  hr: 'HR',
  el: 'GR',
  tr: 'TR',
  ca: 'ES',
  cy: 'GB',
  eu: 'ES',
  gl: 'ES',
  he: 'IL',
  fa: 'AF',
  ur: 'PK',
  bn: 'BD',
  tl: 'PH',
}

/** A page's `lang` ("it-IT", "zh-Hant", "en") as a DataForSEO language code and, when it names one, a country. */
function readSiteLanguage(tag: string | undefined): { language?: MarketLanguageCode; country?: MarketCountry } {
  const parts = (tag ?? '').trim().replace(/_/g, '-').split('-').filter(Boolean)
  const base = parts[0]?.toLowerCase()
  if (!base) return {}
  const rest = parts.slice(1).map((part) => part.toLowerCase())
  const region = parts.slice(1).find((part) => /^[a-z]{2}$/i.test(part))
  const country = region ? marketCountry(region) : undefined
  let code: string = base === 'nb' || base === 'nn' ? 'no' : base === 'iw' ? 'he' : base
  if (base === 'zh') {
    const traditional = rest.includes('hant') || ['tw', 'hk', 'mo'].some((place) => rest.includes(place))
    code = traditional ? 'zh-TW' : 'zh-CN'
  }
  return { language: marketLanguage(code)?.code, country }
}

/** The country named at the end of a postal address ("…, 40121 Bologna, Italy"), if any. */
function addressCountry(address: string | undefined): MarketCountry | undefined {
  const text = (address ?? '').toLowerCase()
  if (!text.trim()) return undefined
  let found: { country: MarketCountry; at: number } | undefined
  for (const country of MARKET_COUNTRIES) {
    const names = [
      country.name.toLowerCase(),
      ...(country.code === 'GB' ? ['uk', 'england', 'scotland', 'wales'] : []),
      ...(country.code === 'US' ? ['usa'] : []),
    ]
    for (const name of names) {
      const at = text.search(new RegExp(`(?:^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}])`, 'u'))
      if (at >= 0 && (!found || at > found.at)) found = { country, at }
    }
  }
  return found?.country
}

/**
 * The market a new business starts in (docs/product/pipeline.md "Markets"): the country of the
 * site's country-code domain (.it → IT, .co.uk → GB); for a generic domain the country of the
 * site's language tag (en-GB), else the address's country, else the main country of the site's
 * language, else the United States. The language is the site's when the country's keyword data
 * has it, else the country's main language.
 */
export function defaultMarket(input: { siteUrl: string; address?: string; siteLanguage?: string }): { region: string; language: string } {
  let host = ''
  try {
    host = new URL(input.siteUrl).hostname.toLowerCase()
  } catch {
    host = ''
  }
  const tld = host.split('.').at(-1) ?? ''
  const site = readSiteLanguage(input.siteLanguage)
  const fromDomain = tld.length === 2 && !GENERIC_COUNTRY_DOMAINS.has(tld) ? marketCountry(tld) : undefined
  const fromLanguage = site.language
    ? (marketCountry(LANGUAGE_HOME[site.language] ?? '') ?? MARKET_COUNTRIES.find((country) => country.languages[0] === site.language))
    : undefined
  const country = fromDomain ?? site.country ?? addressCountry(input.address) ?? fromLanguage ?? marketCountry('US')!
  const language = site.language && country.languages.includes(site.language) ? site.language : country.languages[0]!
  return { region: country.code, language: marketLanguage(language)?.name ?? 'English' }
}
