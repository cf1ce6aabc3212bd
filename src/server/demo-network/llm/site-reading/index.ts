import type { PromptMaterial } from '../prompt-material'
import { INDUSTRIES, PRODUCT_WORDS, BOILERPLATE, PROBLEM, ADVANTAGE, OUTCOME, BUSINESS_MODELS } from './lexicon'
import { TITLE_SEPARATOR, siteName, offerLike, distinct, seedPhrases, audiencePhrases } from './phrases'
import { words, lower, capitalise, stem, stems, splitSentences, pageSentences, meaningful, termPattern, isPath } from './text'

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
