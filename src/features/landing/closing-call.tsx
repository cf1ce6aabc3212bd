import { StartRankingLink } from '~/features/public/start-ranking'

/** The last call to action, after the FAQ. */
export function ClosingCall() {
  return (
    <section aria-labelledby="closing-call" className="py-20">
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 text-center sm:px-6">
        <h2 id="closing-call" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Start with your website address
        </h2>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">
          Rankpilot analyses your site, plans the month and starts writing. You decide how much you want to review.
        </p>
        <StartRankingLink size="lg" className="mt-8" />
      </div>
    </section>
  )
}
