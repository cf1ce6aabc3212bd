import { getRouteApi, Link } from '@tanstack/react-router'
import { CONTACT_EMAIL } from '~/shared/contact'

const rootRoute = getRouteApi('__root__')

const linkClass = 'text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline'

/**
 * The footer of every page outside the app layout (docs/product/routes.md): copyright (the current year), contact,
 * privacy policy and terms of service. Used by the public layout and the sign-in pages.
 */
export function SiteFooter() {
  const { appName, copyrightYear } = rootRoute.useLoaderData()
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6 md:flex-row md:items-center md:justify-between">
        {/* One text node, so the server-rendered HTML holds the sentence whole. */}
        <p>{`© ${copyrightYear} ${appName}. All rights reserved.`}</p>
        <p>
          Questions?{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
            {CONTACT_EMAIL}
          </a>
        </p>
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy policy
              </Link>
            </li>
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms of service
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  )
}
