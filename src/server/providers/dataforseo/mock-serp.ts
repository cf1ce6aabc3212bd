import * as gen from './mock-data'
import type { Outcome, Task } from './mock-endpoints'

const SERP_DOMAINS = [
  'wikipedia.org',
  'reddit.com',
  'forbes.com',
  'nerdwallet.com',
  'hubspot.com',
  'medium.com',
  'youtube.com',
  'investopedia.com',
  'quora.com',
  'nytimes.com',
  'healthline.com',
  'shopify.com',
]
const TITLES = [
  '{K}: The Complete Guide',
  'What Is {K}? Everything You Need to Know',
  '{K} — 12 Tips That Actually Work',
  'The Best {K} Options Compared',
  '{K} Explained for Beginners',
  'How to Get Started With {K}',
]

/** serp/google/organic/live/advanced: organic results with a people-also-ask box after the second. */
export function organicSerp(task: Task, market: { location_code: number; language_code: string }): Outcome {
  const keyword = String(task.keyword).trim().toLowerCase()
  const depth = Math.min(100, Math.max(1, Number(task.depth) || 10))
  const heading = keyword.replace(/\b\w/g, (c) => c.toUpperCase())
  const slug = keyword.replace(/[^a-z0-9]+/g, '-')
  const domains = [...SERP_DOMAINS].sort((a, b) => gen.unitHash(a, keyword) - gen.unitHash(b, keyword))
  const items: unknown[] = []
  for (let rank = 1; rank <= depth; rank++) {
    const domain = rank <= domains.length ? `www.${domains[rank - 1]}` : `www.${slug.slice(0, 20)}-${rank}.com`
    items.push({
      type: 'organic',
      rank_group: rank,
      rank_absolute: items.length + 1,
      position: 'left',
      xpath: `/html[1]/body[1]/div[${rank}]`,
      domain,
      title: TITLES[Math.floor(gen.unitHash(domain, keyword) * TITLES.length)]!.replace('{K}', heading),
      url: `https://${domain}/${slug}`,
      breadcrumb: `https://${domain} › ${slug}`,
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
      const questions = [`What is ${keyword}?`, `How does ${keyword} work?`, `Is ${keyword} worth it?`, `How much does ${keyword} cost?`]
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
              url: `https://www.${domains[i + 4]}/${slug}`,
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
