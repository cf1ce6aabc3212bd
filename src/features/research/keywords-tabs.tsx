import { Link } from '@tanstack/react-router'

const TAB = 'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground'
const ACTIVE = 'bg-secondary text-foreground'

/** The two views of the Keywords screen: the table of keywords and the topic clusters. */
export function KeywordsTabs() {
  return (
    <nav aria-label="Keyword views" className="mb-4 flex w-fit gap-1 rounded-lg border border-border p-1">
      <Link
        to="/keywords"
        className={TAB}
        activeProps={{ className: ACTIVE, 'aria-current': 'page' }}
        activeOptions={{ exact: true, includeSearch: false }}
      >
        Keywords
      </Link>
      <Link to="/keywords/clusters" className={TAB} activeProps={{ className: ACTIVE, 'aria-current': 'page' }}>
        Clusters
      </Link>
    </nav>
  )
}
