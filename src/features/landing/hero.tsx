import { ExploreDemoButton, StartRankingLink } from '~/features/public/start-ranking'

/** The first screen: what Rankpilot does and for whom, and the main call to action. */
export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-96 max-w-3xl rounded-full bg-primary/25 blur-3xl"
      />
      <div className="relative mx-auto flex max-w-4xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
        <p className="rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-sm font-medium text-violet-200">
          SEO on auto-pilot
        </p>
        <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Organic traffic from articles that are actually about your business
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          Rankpilot learns your business from your website, finds the keywords you can win, plans a month of articles in topic clusters,
          then writes and publishes them to your CMS, and watches Google Search Console to keep them ranking.
        </p>
        <p className="mt-4 max-w-2xl text-pretty text-muted-foreground">
          Built for founders and small marketing teams who want search traffic without hiring an agency.
        </p>
        <div className="mt-10 flex flex-col items-center gap-3 sm:flex-row">
          <StartRankingLink size="lg" />
          <ExploreDemoButton size="lg" />
          <a
            href="#how-it-works"
            className="rounded-md px-4 py-2 text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            See how it works
          </a>
        </div>
      </div>
    </section>
  )
}
