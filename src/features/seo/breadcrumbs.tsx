import { Link } from '@tanstack/react-router'
import { ChevronRightIcon } from 'lucide-react'

export interface Crumb {
  name: string
  path: string
}

/**
 * The visible trail that matches the page's BreadcrumbList JSON-LD (pass both the same items):
 * structured data should describe what the visitor can see.
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, index) => {
          const last = index === items.length - 1
          return (
            <li key={item.path} className="flex items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="line-clamp-1 text-foreground">
                  {item.name}
                </span>
              ) : (
                <>
                  {/* Paths come from public-pages.ts; the router resolves them like any link. */}
                  <Link to={item.path as '/'} activeOptions={{ exact: true }} className="hover:text-foreground">
                    {item.name}
                  </Link>
                  <ChevronRightIcon aria-hidden="true" className="size-3.5" />
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
