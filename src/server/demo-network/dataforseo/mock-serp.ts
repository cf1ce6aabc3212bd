import * as gen from './mock-data'
import type { MockOptions, Outcome, Task } from './mock-endpoints'

/** Sites that rank for almost any query: an encyclopaedia, forums, video, social networks and the general press. */
const GENERAL_DOMAINS = [
  'wikipedia.org',
  'reddit.com',
  'youtube.com',
  'quora.com',
  'medium.com',
  'pinterest.com',
  'facebook.com',
  'linkedin.com',
  'forbes.com',
  'nytimes.com',
  'theguardian.com',
  'bbc.co.uk',
]

/** Sites that rank for a topic, chosen by the words of the query, so a results page looks like one for that query. */
const TOPICAL_DOMAINS: Array<[RegExp, string[]]> = [
  [
    /\b(bread|sourdough|bakery|bakeries|baker|baking|bake|cakes?|pastry|pastries|croissants?|loaf|loaves|flour|brunch|buns?|rye|focaccia)\b/,
    [
      'kingarthurbaking.com',
      'bbcgoodfood.com',
      'theperfectloaf.com',
      'bakerybits.co.uk',
      'gailsbread.co.uk',
      'bettys.co.uk',
      'allrecipes.com',
      'seriouseats.com',
    ],
  ],
  [
    /\b(recipes?|cooking|meal|dinner|kitchen|coffee|espresso|restaurants?|café|cafe|food)\b/,
    [
      'allrecipes.com',
      'bbcgoodfood.com',
      'seriouseats.com',
      'foodnetwork.com',
      'jamieoliver.com',
      'tripadvisor.com',
      'thekitchn.com',
      'delish.com',
    ],
  ],
  [
    /\b(software|saas|apps?|crm|invoic\w*|workflows?|automation|timesheets?|gantt|dashboards?|project management|time tracking|client (portals?|reporting)|resource planning)\b/,
    [
      'g2.com',
      'capterra.com',
      'asana.com',
      'monday.com',
      'clickup.com',
      'atlassian.com',
      'zapier.com',
      'getapp.com',
      'teamwork.com',
      'wrike.com',
    ],
  ],
  [
    /\b(hik\w*|trails?|trek\w*|walk\w*|backpack\w*|camping|mountains?|hills?|highland|munros?|bothy|boots|lomond|nevis)\b/,
    [
      'alltrails.com',
      'walkhighlands.co.uk',
      'rei.com',
      'outdoorgearlab.com',
      'komoot.com',
      'ramblers.org.uk',
      'cicerone.co.uk',
      'backpacker.com',
    ],
  ],
  [
    /\b(plumb\w*|boilers?|leaks?|drains?|pipes?|heating|radiators?|taps?|bathroom)\b/,
    [
      'checkatrade.com',
      'mybuilder.com',
      'ratedpeople.com',
      'which.co.uk',
      'britishgas.co.uk',
      'homeadvisor.com',
      'angi.com',
      'thisoldhouse.com',
    ],
  ],
  [
    /\b(seo|marketing|backlinks?|keywords?|content|ranking|traffic|ads|advertising)\b/,
    [
      'ahrefs.com',
      'semrush.com',
      'moz.com',
      'searchenginejournal.com',
      'backlinko.com',
      'searchengineland.com',
      'neilpatel.com',
      'hubspot.com',
    ],
  ],
  [
    /\b(money|loans?|credit|mortgages?|invest\w*|tax|budget\w*|savings|insurance|bank\w*)\b/,
    [
      'nerdwallet.com',
      'investopedia.com',
      'bankrate.com',
      'moneysavingexpert.com',
      'forbes.com',
      'which.co.uk',
      'thebalancemoney.com',
      'fool.com',
    ],
  ],
  [
    /\b(health|fitness|workouts?|diet|yoga|running|gym|sleep|nutrition)\b/,
    [
      'healthline.com',
      'webmd.com',
      'mayoclinic.org',
      'verywellfit.com',
      'runnersworld.com',
      'nhs.uk',
      'menshealth.com',
      'womenshealthmag.com',
    ],
  ],
  [
    /\b(travel|hotels?|flights?|holidays?|trips?|tours?|beach|city break)\b/,
    [
      'tripadvisor.com',
      'lonelyplanet.com',
      'booking.com',
      'expedia.com',
      'timeout.com',
      'cntraveler.com',
      'roughguides.com',
      'skyscanner.net',
    ],
  ],
]

/** The sites a query's results come from: the topics its words name first, then sites that rank for anything. */
export function serpDomains(keyword: string): string[] {
  const topical = TOPICAL_DOMAINS.filter(([pattern]) => pattern.test(keyword)).flatMap(([, domains]) => domains)
  const ordered = [...new Set(topical)].sort((a, b) => gen.unitHash(a, keyword) - gen.unitHash(b, keyword))
  const general = GENERAL_DOMAINS.filter((domain) => !ordered.includes(domain)).sort(
    (a, b) => gen.unitHash(a, keyword) - gen.unitHash(b, keyword),
  )
  // A topical query still shows an encyclopaedia or a forum among the first results.
  return [...ordered.slice(0, 7), ...general.slice(0, 3), ...ordered.slice(7), ...general.slice(3)]
}

const TITLES = [
  '{K}: The Complete Guide',
  'What Is {K}? Everything You Need to Know',
  '{K} — 12 Tips That Actually Work',
  'The Best {K} Options Compared',
  '{K} Explained for Beginners',
  'How to Get Started With {K}',
]

/** The title a site's result for a query carries (the demo web's page for it has the same). */
export function resultTitle(domain: string, keyword: string): string {
  const heading = keyword.replace(/\b\w/g, (c) => c.toUpperCase())
  return TITLES[Math.floor(gen.unitHash(domain, keyword) * TITLES.length)]!.replace('{K}', heading)
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/**
 * The questions people also ask about a query, phrased for its kind: a "best …" query asks how to
 * choose, a "how to …" how long it takes and what goes wrong, another question is asked as it is,
 * a plural thing takes "are", a singular one "is".
 */
export function peopleAlsoAsk(keyword: string): string[] {
  const isPlural = (phrase: string) => /[^s]s$/.test(phrase.split(' ').at(-1) ?? '')
  const best = /^(best|top) (.+)$/.exec(keyword)
  if (best) {
    const thing = best[2]!.replace(/ (for|under|in|with) .*$/, '')
    return isPlural(thing)
      ? [`What are the ${keyword}?`, `How do you choose ${thing}?`, `Are expensive ${thing} worth it?`, `Where can you buy ${thing}?`]
      : [`What is the ${keyword}?`, `How do you choose a ${thing}?`, `Is an expensive ${thing} worth it?`, `Where can you buy a ${thing}?`]
  }
  const howTo = /^how to (.+)$/.exec(keyword)
  if (howTo) {
    const task = howTo[1]!
    return [
      `How do you ${task}?`,
      `What is the easiest way to ${task}?`,
      `What are common mistakes when you ${task}?`,
      `How long does it take to ${task}?`,
    ]
  }
  // Any other question is asked as it is, followed by what people ask about its subject
  // ("how long does single origin coffee last" → "Is single origin coffee worth it?").
  if (/^(what|why|when|where|which|who|how|is|are|can|should|does|do)\b/.test(keyword)) {
    const subject = gen.subjectOf(keyword)
    const about =
      subject && subject !== keyword && !/^(what|why|when|where|which|who|how|is|are|can|should|does|do)\b/.test(subject)
        ? peopleAlsoAsk(subject)
        : []
    const asked = `${capitalise(keyword)}?`
    return [asked, ...about.filter((question) => question.toLowerCase() !== asked.toLowerCase())].slice(0, 4)
  }
  return isPlural(keyword)
    ? [`What are ${keyword}?`, `How do you choose ${keyword}?`, `Are expensive ${keyword} worth it?`, `How much do ${keyword} cost?`]
    : [`What is ${keyword}?`, `How does ${keyword} work?`, `Is ${keyword} worth it?`, `How much does ${keyword} cost?`]
}

/** serp/google/organic/live/advanced: organic results with a people-also-ask box after the second. */
export function organicSerp(task: Task, market: { location_code: number; language_code: string }, options: MockOptions = {}): Outcome {
  const keyword = String(task.keyword).trim().toLowerCase()
  const depth = Math.min(100, Math.max(1, Number(task.depth) || 10))
  const heading = keyword.replace(/\b\w/g, (c) => c.toUpperCase())
  const slug = keyword.replace(/[^a-z0-9]+/g, '-')
  const domains = serpDomains(keyword)
  const linkTo = options.resultUrl ?? ((host: string, path: string) => `https://${host}/${path}`)
  const items: unknown[] = []
  for (let rank = 1; rank <= depth; rank++) {
    // Past the sites the mock knows, results come from them again (deeper pages of the same sites).
    const domain = `www.${domains[(rank - 1) % domains.length]}`
    const path = rank <= domains.length ? slug : `${slug}-${Math.ceil(rank / domains.length)}`
    items.push({
      type: 'organic',
      rank_group: rank,
      rank_absolute: items.length + 1,
      position: 'left',
      xpath: `/html[1]/body[1]/div[${rank}]`,
      domain,
      title: resultTitle(domain, keyword),
      url: linkTo(domain, path),
      breadcrumb: `https://${domain} › ${path}`,
      website_name: domain.replace(/^www\./, ''),
      is_image: false,
      is_video: false,
      is_featured_snippet: false,
      is_malicious: false,
      is_web_story: false,
      description: `Learn about ${keyword}: what it is, how it works and how to choose, with examples and practical advice.`,
      pre_snippet: null,
      extended_snippet: null,
      amp_version: false,
      rating: null,
      highlighted: keyword.split(' '),
      links: null,
    })
    if (rank === 2) {
      const questions = peopleAlsoAsk(keyword)
      items.push({
        type: 'people_also_ask',
        rank_group: 1,
        rank_absolute: items.length + 1,
        position: 'left',
        xpath: '/html[1]/body[1]/div[paa]',
        items: questions.map((title, i) => ({
          type: 'people_also_ask_element',
          title,
          seo_title: null,
          xpath: null,
          expanded_element: [
            {
              type: 'people_also_ask_expanded_element',
              featured_title: null,
              url: linkTo(`www.${domains[i + 4]}`, slug),
              domain: `www.${domains[i + 4]}`,
              title: heading,
              description: `${title.replace(/\?$/, '')}: a short answer drawn from a page about ${keyword}.`,
              images: null,
              timestamp: null,
              table: null,
            },
          ],
        })),
      })
    }
  }
  const result = {
    keyword,
    type: 'organic',
    se_domain: 'google.com',
    ...market,
    check_url: `https://www.google.com/search?q=${encodeURIComponent(keyword)}`,
    datetime: `${gen.day()}`,
    spell: null,
    refinement_chips: null,
    item_types: ['organic', 'people_also_ask'],
    se_results_count: gen.searchVolume(keyword) * 1000,
    items_count: items.length,
    items,
  }
  return { result: [result], cost: 0.002 * Math.ceil(depth / 10) }
}
