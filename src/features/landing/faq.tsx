import { ChevronDownIcon } from 'lucide-react'
import { SectionHeading } from './section-heading'

/** Questions founders ask before signing up. Plain text: the same strings feed FAQPage JSON-LD. */
export const FAQ_ITEMS = [
  {
    question: 'How is Rankpilot different from Outrank or SEObot?',
    answer:
      'They also plan and publish articles automatically. Rankpilot is built around what their users complain about: every article comes from your business profile, live search results and sources that were actually fetched; a claim with a number or a quote must cite a checked page; the planner refuses keywords that would compete with your own articles; and every keyword shows why it was chosen.',
  },
  {
    question: 'Will it write articles that compete with my existing pages?',
    answer:
      'No. Before a keyword gets its own article, Rankpilot compares it with everything already planned or written and, once Search Console is connected, with the pages already ranking for you. A keyword that is too close is merged into the existing topic instead of becoming a competing article.',
  },
  {
    question: 'Can I review articles before they are published?',
    answer:
      'Yes. By default a business publishes automatically on schedule and holds any article whose SEO score is below its floor (70 unless you change it) for your review. Turn off “Publish automatically” in its settings and every draft waits for your approval. You can edit, regenerate, reschedule or archive any article.',
  },
  {
    question: 'Which CMSs can it publish to?',
    answer:
      'WordPress, Ghost, Webflow, Shopify and Notion. For any other site, a signed webhook delivers each article to an endpoint you choose. Publishing is idempotent, so a retry never creates a duplicate post.',
  },
  {
    question: 'Which languages does it write in?',
    answer:
      'More than 50 common languages, in the tone you choose: informative, conversational, professional, friendly, authoritative or playful. Keyword research uses the search region you set for each business.',
  },
  {
    question: 'What does Rankpilot do with my Search Console data?',
    answer:
      'It asks Google for read-only access. It reads the queries and pages you rank for, to avoid planning duplicates and to find articles worth refreshing; it cannot change anything in your Search Console property. Connecting it is optional.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Billing runs through Polar: cancel from the billing portal in your settings and you are not charged again. Deleting your account deletes your businesses, keywords and articles with it.',
  },
] as const

/** The FAQ as native disclosures: accessible and keyboard-operable with no JavaScript at all. */
export function Faq() {
  return (
    <section aria-labelledby="faq" className="py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq" eyebrow="FAQ" title="Questions founders ask us" />
        <div className="mt-12 divide-y divide-border rounded-lg border border-border bg-card">
          {FAQ_ITEMS.map((item) => (
            <details key={item.question} className="group px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 font-medium [&::-webkit-details-marker]:hidden">
                {/* Not a heading: a summary is a button, whose children lose their roles. */}
                <span>{item.question}</span>
                <ChevronDownIcon
                  aria-hidden="true"
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="pb-5 leading-relaxed text-muted-foreground">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  )
}
