import { Link } from '@tanstack/react-router'
import { AppLogo } from '~/components/app-logo'

/** Placeholder top navigation; issue 3 builds the real one (Blog, Start ranking, Search Console). */
export function SiteHeader() {
  return (
    <header className="border-b border-border">
      <nav aria-label="Site" className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">
        <AppLogo appName="Rankpilot" />
        <Link to="/sign-in">Start ranking</Link>
      </nav>
    </header>
  )
}
