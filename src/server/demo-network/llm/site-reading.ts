import { hostOf, type PageContent, type PromptMaterial } from './prompt-material'

/**
 * How the mocked LLM reads a crawled site into a business profile: one simple extraction rule
 * per profile field, applied to the pages' titles, descriptions, headings and text only. Nothing
 * is invented: a field the pages give no basis for stays empty, as the prompt asks of a model.
 */
export interface SiteReading {
  name: string
  description: string
  industry: string
  valueProposition: string
  services: string[]
  primaryServices: string[]
  coreProducts: string[]
  audiences: string[]
  businessModel: string
  problems: string[]
  advantages: string[]
  outcomes: string[]
  seeds: string[]
  /** 0–100: how much of the business the prompt compares against the site also offers; undefined without one. */
  relevance: number | undefined
}

/** Keyword → industry: the industry whose words the pages use most (title, description and headings count three times). */
const INDUSTRIES: Array<[label: string, terms: string[]]> = [
  [
    'Food and drink: bakery',
    [
      'bakery',
      'bakeries',
      'baker',
      'bakers',
      'bread',
      'breads',
      'sourdough',
      'loaf',
      'loaves',
      'pastry',
      'pastries',
      'croissants?',
      'cakes?',
      'patisserie',
      'viennoiserie',
      'baked',
      'baking',
    ],
  ],
  [
    'Food and drink: restaurant and café',
    ['restaurants?', 'café', 'cafe', 'bistro', 'menu', 'dining', 'brunch', 'coffee', 'chef', 'dishes', 'takeaway'],
  ],
  ['Food and cooking', ['recipes?', 'cooking', 'ingredients', 'meal prep', 'kitchen']],
  [
    'Software (SaaS)',
    [
      'software',
      'saas',
      'platform',
      'app',
      'dashboard',
      'workspace',
      'integrations?',
      'automation',
      'api',
      'free trial',
      'per user',
      'per seat',
      'project management',
      'time tracking',
      'timesheets?',
      'crm',
      'analytics',
      'single sign-on',
      'cloud',
    ],
  ],
  ['Software development', ['developers?', 'programming', 'javascript', 'typescript', 'python', 'open source', 'code', 'github']],
  [
    'Outdoor recreation and hiking',
    [
      'hiking',
      'hikers?',
      'hikes?',
      'trails?',
      'trek',
      'trekking',
      'walking',
      'hill ?walk(s|ing)?',
      'backpacking',
      'camping',
      'bothy',
      'summits?',
      'hills?',
      'ridges?',
      'ascents?',
      'mountains?',
      'mountaineering',
      'crampons',
      'ice axe',
      'long-distance',
    ],
  ],
  ['Travel and tourism', ['travel', 'trips?', 'holidays?', 'hotels?', 'flights?', 'itinerary', 'destinations?', 'tours?']],
  [
    'Home services: plumbing and heating',
    ['plumbers?', 'plumbing', 'boilers?', 'leaks?', 'drains?', 'pipes?', 'heating', 'radiators?', 'taps?'],
  ],
  [
    'Home services: building and renovation',
    ['builders?', 'construction', 'renovations?', 'extensions?', 'roofing', 'loft conversions?', 'kitchens? fitted'],
  ],
  ['Home services: cleaning', ['cleaning', 'cleaners?', 'carpet cleaning', 'end of tenancy']],
  [
    'Marketing and SEO',
    [
      'seo',
      'marketing agency',
      'digital marketing',
      'content marketing',
      'link building',
      'ppc',
      'advertising',
      'branding',
      'social media',
    ],
  ],
  ['Legal services', ['solicitors?', 'lawyers?', 'attorneys?', 'law firm', 'legal advice', 'conveyancing']],
  ['Accounting and finance', ['accountants?', 'accounting', 'bookkeeping', 'tax returns?', 'payroll', 'vat']],
  ['Personal finance', ['budgeting', 'savings', 'mortgages?', 'credit cards?', 'investing', 'pensions?']],
  ['Health care', ['clinic', 'dentists?', 'dental', 'physiotherapy', 'therapy', 'patients', 'gp', 'doctors?']],
  ['Fitness', ['gym', 'fitness', 'workouts?', 'personal trainer', 'yoga', 'pilates', 'strength training']],
  ['Beauty and wellness', ['salon', 'hair', 'beauty', 'spa', 'nails', 'skincare', 'massage']],
  ['Real estate', ['estate agents?', 'property', 'properties', 'lettings', 'homes for sale', 'real estate']],
  ['Education and training', ['courses?', 'tutoring', 'tutors?', 'lessons', 'students', 'classes', 'training']],
  ['Retail and e-commerce', ['shop', 'store', 'free delivery', 'free shipping', 'add to cart', 'add to basket', 'checkout']],
  ['Photography', ['photographer', 'photography', 'photo shoots?', 'portraits']],
  ['Pet care', ['dogs?', 'cats?', 'pets?', 'grooming', 'vets?', 'puppy']],
  ['Automotive', ['cars?', 'garage', 'mot', 'tyres', 'servicing', 'vehicles?']],
]

/** Headings that are navigation or page furniture, never an offering. */
const NAVIGATION = new Set(
  `home|blog|news|contact|contact us|about|about us|about me|menu|search|login|log in|sign in|sign up|register|cart|basket|checkout|account|my account
  |faq|faqs|frequently asked questions|testimonials|reviews|careers|jobs|team|our team|privacy|privacy policy|terms|terms of service
  |terms and conditions|cookies|cookie policy|legal|sitemap|company|product|products|services|our services|features|pricing|plans|resources
  |support|help|categories|category|tags|archives|archive|comments|newsletter|opening hours|hours|location|locations|find us|gallery
  |portfolio|shop|store|press|partners|solutions|integrations|customers|share|share this|related posts|recent posts|popular posts|latest posts
  |read more|learn more|see more|view all|more|next|previous|back to top|skip to content|introduction|conclusion|summary|final thoughts
  |key takeaways|table of contents|in this article|leave a reply|leave a comment|all posts|follow us|get in touch|subscribe|min read`
    .split('|')
    .map((entry) => entry.trim()),
)

/** Words that open a heading which is a question, a sentence or a signpost, not the name of an offering. */
const NOT_AN_OFFER_START = new Set(
  `how why what when where who which whose is are was were can could do does did should would will i we you my our your it this these those there
  here get meet see read learn join contact follow visit leave about welcome thanks thank subscribe sign log from by posted written final latest
  recent related popular more all other share day week month chapter step part since`.split(/\s+/),
)

/** Heading words that mark a named product or package. */
const PRODUCT_WORDS = /\b(plan|package|box|kit|bundle|hamper|membership|subscription|course|edition|tier|pack|voucher|pass)\b/i

const FIRST_NAMES = new Set(
  `james john robert michael william david richard joseph thomas tom charles chris christopher daniel dan matthew matt anthony mark paul steven
  andrew andy ben benjamin sam samuel jack harry george oliver noah leo jake luke adam peter alex alexander ryan josh joshua mary patricia jennifer
  linda elizabeth barbara susan jessica sarah karen lisa nancy emma emily olivia sophie sophia amelia isla ava grace chloe lucy hannah anna laura
  rachel rebecca kate katie claire helen maria jane julia amy megan ella mia zoe`.split(/\s+/),
)

const MONTHS = /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t|tember)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i
const WEEKDAYS = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i
const BOILERPLATE = /cookie|javascript|all rights reserved|©|privacy|newsletter|sign up|log in|subscribe|click here|read more/i

/** Function words: never a word that tells offers apart. */
const FUNCTION_WORDS = new Set(
  `a an and are as at be been being but by can could did do does for from had has have he her here hers him his how i if in into is it its just
  me my no nor not of off on once only or our ours out over own per she so some such than that the their them then there these they this those
  through to too under until up very was we were what when where which while who whom why will with would you your yours yourself every each
  across after before during without within about above below between both few more most other any all also again further same around since
  yes i'm i've i'd i'll we're we've you're you'll it's that's there's don't can't won't isn't aren't`.split(/\s+/),
)

/** Function words, clear verbs and words of time and quantity: a search phrase never contains one. */
const PHRASE_BREAKS = new Set([
  ...FUNCTION_WORDS,
  ...`get gets got make makes made use uses used bake bakes fix fixes keep keeps kept help helps start starts see sees saw find finds found
  take takes took give gives gave know knows knew need needs want wants like likes love loves come comes came go goes went gone let lets
  bring brings brought turn turns choose chooses send sends save saves grow grows answer answers live lives offer offers provide provides
  deliver delivers create creates write writes wrote share shares join joins stop stops spend spends pay pays enjoy enjoys explore discover
  visit reach tell tells told allow allows run runs ran track tracks plan plans say says said think thought leave left put set try tries
  look looks feel feels felt become becomes began stood held next last first second new day days week weeks month months year years
  minutes min one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty dozen hundred thousand million
  many much lot lots great good best better really always never ever still even well often usually sometimes today tomorrow yesterday
  tonight morning evening anytime everything everyone anything nothing something someone ready`.split(/\s+/),
])

const AUDIENCE_TAIL = /(s|people|staff|children|everyone)$/
const NOT_AUDIENCE = new Set(
  `days weeks months years hours minutes times details reasons updates collections things ideas tips results reports projects loaves cakes
  pastries breads orders deliveries pages posts words miles views links costs prices plans features tools items products services goods
  links comments questions answers`.split(/\s+/),
)

const words = (text: string) => text.split(/\s+/).filter(Boolean)
const lower = (text: string) => text.toLowerCase()
const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)
/** Singular-ish form for comparing words ("cakes" and "cake" are one word). */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .replace(/(ies)$/, 'y')
    .replace(/(?<=[^s])s$/, '')
const stems = (text: string) =>
  new Set(
    words(text)
      .map(stem)
      .filter((word) => word.length > 2 && !FUNCTION_WORDS.has(word)),
  )

/** Words that open a sentence: after a lower-case word with no full stop, they mark a link or button run into the text. */
const GLUED_START = /(?<=\p{Ll})\s+(?=(?:Our|We|The|This|Every|Each|You|Your|It|In|At|Since|With|For|No)\s)/u

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=["“‘(]?[A-Z0-9])/)
    .flatMap((sentence) => sentence.split(GLUED_START))
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

/**
 * A page's text as sentences. The text extractor runs a heading into the paragraph after it
 * ("PastriesCroissants, …"), so each heading of the page is cut out as a sentence boundary first.
 */
function pageSentences(page: PageContent): string[] {
  let text = page.text
  for (const heading of [...page.headings].sort((a, b) => b.text.length - a.text.length)) {
    if (heading.text.length >= 3) text = text.split(heading.text).join('\n')
  }
  return text.split('\n').flatMap(splitSentences)
}

/** A sentence worth quoting: a statement of six words or more that is not page furniture. */
const meaningful = (sentence: string) =>
  words(sentence).length >= 6 && words(sentence).length <= 40 && !/\?$/.test(sentence) && !BOILERPLATE.test(sentence)

function termPattern(term: string) {
  return new RegExp(`(?<![\\p{L}-])${term.replace(/ /g, '\\s+')}(?![\\p{L}-])`, 'giu')
}

const isPath = (page: PageContent) => {
  try {
    return page.url ? new URL(page.url).pathname.replace(/\/+$/, '') !== '' : false
  } catch {
    return false
  }
}

const TITLE_SEPARATOR = /\s+[|–—·•:-]\s+|\s*\|\s*/

/** The brand: the title segment the site's pages share, else the shortest segment of the first title. */
function siteName(material: PromptMaterial, pages: PageContent[]): string {
  const named = material.fields.get('site name')
  if (named) return named
  const segments = pages.map((page) =>
    page.title
      .split(TITLE_SEPARATOR)
      .map((part) => part.trim())
      .filter(Boolean),
  )
  const first = segments[0] ?? []
  if (first.length > 1) {
    const shared = (segment: string) => segments.filter((parts) => parts.some((part) => lower(part) === lower(segment))).length
    return [...first].sort((a, b) => shared(b) - shared(a) || words(a).length - words(b).length)[0]!
  }
  const host = (material.url && hostOf(material.url)) || ''
  if (/[a-z]/.test(host.split('.')[0] ?? '')) return host.split('.')[0]!.split('-').map(capitalise).join(' ')
  // One title with no separator: its first clause if short, else the proper name it opens with.
  const clause = (first[0] ?? '').split(/[.:;!?]\s/)[0]!.trim()
  if (clause && words(clause).length <= 5) return clause
  const proper = /^(?:\p{Lu}[\p{L}'&-]*\s+){1,3}\p{Lu}[\p{L}'&-]*/u.exec(clause)?.[0].trim()
  return proper ?? ''
}

function looksLikePerson(text: string, allText: string) {
  const parts = words(text)
  if (parts.length < 2 || parts.length > 3 || !parts.every((part) => /^\p{Lu}[\p{L}'-]+$/u.test(part))) return false
  return FIRST_NAMES.has(lower(parts[0]!)) || new RegExp(`\\bby ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(allText)
}

/** A heading that names something offered: a short noun phrase, not navigation, a question, a date or a person. */
function offerLike(text: string, name: string, allText: string) {
  const count = words(text).length
  const first = lower(words(text)[0] ?? '')
  return (
    count >= 1 &&
    count <= 6 &&
    text.length <= 60 &&
    !/[?!:|]|\d/.test(text) &&
    !NAVIGATION.has(lower(text).replace(/[.\s]+$/, '')) &&
    !NOT_AN_OFFER_START.has(first) &&
    !(MONTHS.test(text) && count <= 2) &&
    !WEEKDAYS.test(text) &&
    lower(text) !== lower(name) &&
    !looksLikePerson(text, allText)
  )
}

/**
 * Drops a phrase whose words are all in one already kept; with `longer`, a phrase that holds all
 * the words of a kept one replaces it ("agencies" gives way to "marketing and design agencies").
 */
function distinct(phrases: string[], longer = false): string[] {
  const kept: Array<{ text: string; words: Set<string> }> = []
  for (const phrase of phrases) {
    const own = stems(phrase)
    if (own.size === 0) continue
    const within = (a: Set<string>, b: Set<string>) => [...a].every((word) => b.has(word))
    const wider = kept.findIndex((other) => within(other.words, own))
    if (longer && wider >= 0 && !within(own, kept[wider]!.words)) kept[wider] = { text: phrase, words: own }
    else if (!kept.some((other) => within(own, other.words) || within(other.words, own))) kept.push({ text: phrase, words: own })
  }
  return kept.map((entry) => entry.text)
}

/** Search phrases: runs of two to four content words, scored by how often and how prominently the pages use them. */
function seedPhrases(sources: Array<{ text: string; weight: number }>, name: string): string[] {
  // The brand is not a search phrase a new customer types: its mentions break the runs.
  const brand = name ? new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi') : undefined
  const scores = new Map<string, { score: number; order: number }>()
  let order = 0
  for (const { text, weight } of sources) {
    for (const chunk of (brand ? text.replace(brand, ' | ') : text).split(/[.,;:!?()"“”‘’|–—/…·•&+]|\s-\s|'s\b/)) {
      const run: string[] = []
      const flush = () => {
        for (let size = Math.min(4, run.length); size >= 2; size--) {
          for (let start = 0; start + size <= run.length; start++) {
            const phrase = run.slice(start, start + size).join(' ')
            const entry = scores.get(phrase) ?? { score: 0, order: order++ }
            // Whole runs count in full; windows inside a longer run count less.
            entry.score += weight * (size === run.length ? 1 : 0.5)
            scores.set(phrase, entry)
          }
        }
        run.length = 0
      }
      let previous = ''
      for (const [i, token] of chunk.split(/\s+/).entries()) {
        const word = token.replace(/^['’-]+|['’-]+$/g, '').toLowerCase()
        const verbLike =
          (word.length > 4 && /ed$/.test(word) && !/eed$/.test(word)) ||
          (word.length > 4 && /ly$/.test(word) && !/(family|supply|reply|assembly)$/.test(word)) ||
          // "in Leeds baking sourdough": an -ing word after a name mid-sentence is a verb.
          (/ing$/.test(word) && i > 1 && /^\p{Lu}/u.test(previous))
        if (!word || !/^[\p{L}][\p{L}'’-]*$/u.test(word) || word.length < 2 || PHRASE_BREAKS.has(word) || verbLike) flush()
        else run.push(word)
        previous = token
      }
      flush()
    }
  }
  // Phrases the pages use twice (or once where it counts) first; single mentions only to reach five.
  const byScore = [...scores.entries()]
    .filter(([phrase]) => !NAVIGATION.has(phrase) && !MONTHS.test(phrase) && !WEEKDAYS.test(phrase))
    .sort((a, b) => b[1].score - a[1].score || words(a[0]).length - words(b[0]).length || a[1].order - b[1].order)
  // People the pages name ("By Tom Baxter", "I'm Tom") are not what customers search for.
  const people = new Set(
    sources.flatMap(({ text }) =>
      [...text.matchAll(/\b(?:[Bb]y|I'm|I am|[Mm]y name is)\s+(\p{Lu}\p{L}+(?:\s+\p{Lu}\p{L}+){0,2})/gu)].map((match) => lower(match[1]!)),
    ),
  )
  const kept: string[] = []
  for (const [phrase, { score }] of byScore) {
    if (kept.length === 10 || (score < 2 && kept.length >= 5)) break
    if ([...people].some((person) => phrase.includes(person) || person.includes(phrase))) continue
    const key = words(phrase).map(stem).join(' ')
    if (kept.some((other) => words(other).map(stem).join(' ') === key || other.includes(phrase) || phrase.includes(other))) continue
    kept.push(phrase)
  }
  return kept
}

/** "for small teams", "for cafés and restaurants": who the pages say they are for. */
function audiencePhrases(texts: string[]): string[] {
  const found: string[] = []
  for (const text of texts) {
    for (const match of text.matchAll(/\bfor\s+(?:the\s+|a\s+|an\s+)?((?:[\p{L}][\p{L}'’-]*\s+){0,3}[\p{L}][\p{L}'’-]*)/giu)) {
      const taken: string[] = []
      for (const word of words(match[1]!)) {
        const bare = lower(word)
        if (PHRASE_BREAKS.has(bare) && !(bare === 'and' && taken.length > 0)) break
        taken.push(word)
      }
      while (taken.length && lower(taken.at(-1)!) === 'and') taken.pop()
      const phrase = lower(taken.join(' '))
      const last = lower(taken.at(-1) ?? '')
      if (!phrase || !AUDIENCE_TAIL.test(last) || /ss$/.test(last) || NOT_AUDIENCE.has(last) || NAVIGATION.has(phrase)) continue
      found.push(capitalise(phrase))
    }
  }
  return distinct(found, true).slice(0, 5)
}

/** Cue words, matched as whole words ("broken-in" is not "broken"). */
const cues = (pattern: string) => new RegExp(`(?<![\\p{L}-])(?:${pattern})(?![\\p{L}-])`, 'iu')
const PROBLEM = cues(
  'chas(?:e|es|ing)|struggl\\p{L}*|tired of|hassle|stress(?:ed|ful)?|problems?|pain points?|wast(?:e|es|ed|ing)|missed|slips?|overbooked|spreadsheets|leak(?:s|ing)?|burst|blocked|broken|dripping|emergenc(?:y|ies)',
)
const ADVANTAGE = cues(
  'since (?:19|20)\\d\\d|founded|family|independent|award\\p{L}*|trusted|by hand|hand-?made|organic|free-range|local|same day|day and night|24/7|guarantee[ds]?|no credit card|certified|experienced|never use|dedicated',
)
const OUTCOME = cues(
  'so (?:it|you|that|they|your)|sav(?:e|es|ing)|keeps?|more|less|faster|recover\\p{L}*|grow\\p{L}*|increas\\p{L}*|reduc\\p{L}*|on time|lower|safe|better',
)

const BUSINESS_MODELS: Array<[RegExp, string]> = [
  [/\b(per user|per seat|per month|billed (annually|monthly)|free trial|subscription)\b/i, 'Subscription'],
  [/\baffiliate links?\b|\bsponsored\b|\badvertis(ing|ements?)\b/i, 'Content site: affiliate links and advertising'],
  [/\b(add to (cart|basket)|checkout|free (shipping|delivery)|shop now|buy now)\b/i, 'E-commerce: online sales'],
  [/\bwholesale\b/i, 'Retail sales with wholesale supply'],
  [
    /\b(book an appointment|get a quote|free quote|call (us|now)|call-?outs?|same day|day and night)\b/i,
    'Local service business: paid jobs and call-outs',
  ],
  [/\b(retainer|case studies|our clients)\b/i, 'Agency: client projects and retainers'],
]

const cache = new WeakMap<PromptMaterial, SiteReading>()

export function readSite(material: PromptMaterial): SiteReading {
  const known = cache.get(material)
  if (known) return known
  const reading = read(material)
  cache.set(material, reading)
  return reading
}

function read(material: PromptMaterial): SiteReading {
  const pages = material.pages
  const home = pages[0]!
  // Blog listings are about their posts' topics, not the business (the page the user gave always counts).
  const sitePages = pages.filter((page, i) => i === 0 || page.role !== 'blog')
  const sentencesOf = new Map(sitePages.map((page) => [page, pageSentences(page)]))
  const allText = sitePages
    .map((page) => [page.title, page.description, ...page.headings.map((h) => h.text), page.text].join('\n'))
    .join('\n')
  const name = siteName(material, pages)
  // The page given is an article (a path below the home page): its hero heading is the article's title.
  const article = isPath(home)

  // Description: the page's meta description, else its first meaningful sentences.
  const homeSentences = sentencesOf.get(home)!.filter(meaningful)
  const description = home.description && words(home.description).length >= 5 ? home.description : homeSentences.slice(0, 2).join(' ')

  // Industry: the lexicon entry the pages use most, else the noun phrase of the title the pages repeat most.
  const prominent = sitePages.map((page) => [page.title, page.description, ...page.headings.map((h) => h.text)].join('\n')).join('\n')
  const body = sitePages.flatMap((page) => sentencesOf.get(page)!).join('\n')
  const scored = INDUSTRIES.map(([label, terms]) => ({
    label,
    score: terms.reduce(
      (sum, term) => sum + 3 * (prominent.match(termPattern(term))?.length ?? 0) + (body.match(termPattern(term))?.length ?? 0),
      0,
    ),
  })).sort((a, b) => b.score - a.score)
  const titleParts = home.title.split(TITLE_SEPARATOR).filter((part) => lower(part.trim()) !== lower(name))
  const titlePhrase = seedPhrases(
    [
      { text: titleParts.join(' | '), weight: 3 },
      { text: allText, weight: 1 },
    ],
    name,
  ).find((phrase) => lower(titleParts.join(' ')).includes(phrase))
  const industry = scored[0] && scored[0].score >= 4 ? scored[0].label : capitalise(titlePhrase ?? '')

  // Offerings: section headings that name something; named plans, boxes and packages are products.
  const headings = sitePages.flatMap((page) => page.headings.filter((heading) => heading.level > 1).map((heading) => heading.text.trim()))
  const offers = headings.filter((text) => offerLike(text, name, allText))
  const coreProducts = distinct(offers.filter((text) => PRODUCT_WORDS.test(text))).slice(0, 6)
  const services = distinct(offers.filter((text) => !PRODUCT_WORDS.test(text))).slice(0, 10)
  // Primary: the offerings the title and description name (two to four), the home page's first.
  const headline = stems([home.title, home.description].join(' '))
  const onHome = new Set(home.headings.map((heading) => lower(heading.text)))
  const named = services.filter((service) => [...stems(service)].some((word) => headline.has(word)))
  const primaryServices = [...named, ...services.filter((service) => onHome.has(lower(service))), ...services]
    .filter((service, i, all) => all.indexOf(service) === i)
    .slice(0, Math.max(2, Math.min(4, named.length)))

  // Value proposition: a home page's hero heading; for an article, what the about page says the site offers; else the description's first sentence.
  const hero = home.headings.find((heading) => heading.level === 1)?.text ?? ''
  const about = sitePages.find((page) => page.role === 'about')
  const aboutOffer = about
    ? sentencesOf.get(about)!.find((sentence) => meaningful(sentence) && /\b(for|with|helps?)\b/i.test(sentence))
    : undefined
  const valueProposition =
    !article && words(hero).length >= 3 && words(hero).length <= 16 && !/\?$/.test(hero) && lower(hero) !== lower(name)
      ? hero
      : (aboutOffer ?? splitSentences(home.description)[0] ?? homeSentences[0] ?? '')

  // Problems, advantages and outcomes: the pages' own sentences, each used once, sorted by their cue words.
  const used = new Set([description, valueProposition])
  const candidates = [
    ...sitePages.flatMap((page) => sentencesOf.get(page)!).filter(meaningful),
    ...headings.filter((text) => /\b(trusted|since|award|rated)\b/i.test(text)),
  ].filter((sentence) => !used.has(sentence))
  const problems: string[] = []
  const advantages: string[] = []
  const outcomes: string[] = []
  for (const sentence of candidates) {
    const list = PROBLEM.test(sentence) ? problems : ADVANTAGE.test(sentence) ? advantages : OUTCOME.test(sentence) ? outcomes : undefined
    if (list && list.length < 4 && !list.includes(sentence)) list.push(sentence)
  }

  const model = BUSINESS_MODELS.find(([pattern]) => pattern.test(allText))?.[1] ?? ''
  const businessModel = model === 'Subscription' && industry.startsWith('Software') ? 'Subscription software (SaaS)' : model

  // Seed keywords: two- to four-word phrases of the pages, the title's, description's and offerings' first.
  const seeds = seedPhrases(
    [
      ...titleParts.map((text) => ({ text, weight: 3 })),
      { text: home.description, weight: 2 },
      ...sitePages.flatMap((page) =>
        page.headings.filter((h) => h.level === 1 || offerLike(h.text, name, allText)).map((h) => ({ text: h.text, weight: 2 })),
      ),
      ...sitePages.flatMap((page) =>
        sentencesOf
          .get(page)!
          .filter((sentence) => !BOILERPLATE.test(sentence))
          .map((text) => ({ text, weight: 1 })),
      ),
    ],
    name,
  )

  return {
    name,
    description,
    industry,
    valueProposition,
    services,
    primaryServices,
    coreProducts,
    audiences: audiencePhrases([
      home.title,
      ...sitePages.flatMap((page) => [page.description, ...page.headings.map((h) => h.text), ...sentencesOf.get(page)!]),
    ]),
    businessModel,
    problems,
    advantages,
    outcomes,
    seeds,
    relevance: relevanceTo(material.context, [allText, ...services].join(' ')),
  }
}

/** A word's root for comparing two offers: "clearing", "cleared" and "clears" are one word. */
const root = (word: string) => stem(word).replace(/(?:ing|ed|ers?)$/, (suffix, at: number) => (at >= 4 ? '' : suffix))

/** The share of the compared business's offer (its description and services, not its name) that the site's pages name too. */
function relevanceTo(context: Map<string, string>, siteText: string): number | undefined {
  const theirs = [...context].filter(([label]) => /their|offer|services/.test(label)).map(([, value]) => value)
  if (theirs.length === 0) return undefined
  const rootsOf = (text: string) => new Set([...stems(text.replace(/https?:\/\/\S+/g, ' '))].map(root))
  const wanted = rootsOf(theirs.join(' '))
  if (wanted.size === 0) return undefined
  const have = rootsOf(siteText)
  const shared = [...wanted].filter((word) => have.has(word)).length
  return Math.max(0, Math.min(100, Math.round((100 * shared) / wanted.size)))
}
