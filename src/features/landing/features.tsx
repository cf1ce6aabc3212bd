import {
  BadgeCheckIcon,
  FileSearchIcon,
  GaugeIcon,
  LayersIcon,
  LinkIcon,
  type LucideIcon,
  RefreshCwIcon,
  SendIcon,
  SlidersHorizontalIcon,
} from 'lucide-react'
import { SectionHeading } from './section-heading'

interface Feature {
  icon: LucideIcon
  title: string
  body: string
}

/** Where users of other tools are let down, and what Rankpilot does instead (docs/product/pipeline.md). */
export const FEATURES: readonly Feature[] = [
  {
    icon: FileSearchIcon,
    title: 'Grounded in real research',
    body: 'Every article starts from your business profile, the current top results for its keyword and sources Rankpilot actually fetched, not from whatever a model remembers.',
  },
  {
    icon: BadgeCheckIcon,
    title: 'Citations that check out',
    body: 'A claim with a number or a quote must cite a page that was fetched, and every citation is checked before the article is published.',
  },
  {
    icon: LayersIcon,
    title: 'No keyword cannibalisation',
    body: 'A keyword too close to one already planned, written or ranking in Search Console is merged into that article instead of becoming its competitor.',
  },
  {
    icon: SlidersHorizontalIcon,
    title: 'Autopilot with a quality floor',
    body: 'By default articles publish on schedule and anything scoring below the floor waits for your review. Per business, turn automatic publishing off to approve every draft yourself.',
  },
  {
    icon: GaugeIcon,
    title: 'Every keyword explained',
    body: 'Each keyword shows why it was chosen: where it came from, its search volume, difficulty, scores and the cluster it belongs to.',
  },
  {
    icon: LinkIcon,
    title: 'Internal links that exist',
    body: 'Articles link only to pages that are live today: your sitemap, your best articles and what is already published. Pillars go first, so supporting articles can link to them.',
  },
  {
    icon: SendIcon,
    title: 'Publishes where you do',
    body: 'WordPress, Ghost, Webflow, Shopify and Notion, or a signed webhook for anything else. A retried publish never posts twice.',
  },
  {
    icon: RefreshCwIcon,
    title: 'Keeps articles ranking',
    body: 'Search Console data flags articles whose clicks fall by more than 20% over 28 days and keywords sitting in positions 8 to 20, ready for a refresh.',
  },
]

export function Features() {
  return (
    <section aria-labelledby="features" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="features" eyebrow="Why Rankpilot" title="Automated, without the usual shortcuts">
          Generic articles, made-up facts and posts competing with each other are what people dislike about automated SEO. Rankpilot is
          built to avoid each one.
        </SectionHeading>
        <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title}>
              <Icon aria-hidden="true" className="size-6 text-violet-300" />
              <h3 className="mt-3 font-semibold tracking-tight">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
