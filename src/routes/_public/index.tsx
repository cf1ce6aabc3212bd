import { createFileRoute, Link } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  component: Home,
})

function Home() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-6 py-24">
      <h1 className="text-4xl font-bold tracking-tight">SEO on auto-pilot</h1>
      <p className="text-lg text-muted-foreground">
        Rankpilot learns your business from your website, finds the keywords you can win, and writes and publishes
        an article a day.
      </p>
      <Link to="/sign-in" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
        Start ranking
      </Link>
    </main>
  )
}
