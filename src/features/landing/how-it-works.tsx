import { SectionHeading } from './section-heading'

export const HOW_IT_WORKS_STEPS = [
  {
    title: 'Analyse your site',
    body: 'Enter your address. Rankpilot reads your homepage and up to 20 more pages, drafts your business profile (audience, services, value proposition) for you to correct, and suggests the competitors to learn from.',
  },
  {
    title: 'Keyword plan',
    body: 'From real search data (volume, difficulty, intent, trend and what your competitors rank for) it picks the keywords you can win, groups them into topic clusters and spreads them over the month, pillar article first.',
  },
  {
    title: 'Articles written and published daily',
    body: 'Each article is researched from the live search results and sources it fetched, written in your language and tone, and published to your CMS on its scheduled day, up to one a day depending on your plan. Publishing is automatic by default; an article scoring below your SEO floor (70 unless you change it) waits for your review, and you can switch a business to review every draft first.',
  },
  {
    title: 'Search Console insight',
    body: 'Connect Google Search Console read-only. Clicks, impressions and positions come in daily; keywords close to page one and articles losing traffic are offered for a refresh.',
  },
] as const

/** The four steps: analyse → keyword plan → daily articles → Search Console insight (docs/product/pipeline.md). */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="border-t border-border bg-card/40 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-it-works" eyebrow="How it works" title="From your homepage to a month of published articles">
          You confirm what Rankpilot learned about your business. Everything after that runs on its own.
        </SectionHeading>
        <ol className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title} className="rounded-lg border border-border bg-card p-6">
              <span
                aria-hidden="true"
                className="grid size-9 place-items-center rounded-full bg-primary/15 text-sm font-semibold text-violet-200"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold tracking-tight">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.body}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}
