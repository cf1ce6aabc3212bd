interface MatchWithLoaderData {
  routeId: string
  loaderData?: unknown
}

/**
 * "Rankpilot | Keywords": the product name from the root loader's public config, then the page
 * ("{app} | …", docs/product/routes.md), so a renamed deployment (APP_NAME) renames every tab.
 */
export function pageTitle(page: string, matches: readonly MatchWithLoaderData[]) {
  const root = matches.find((match) => match.routeId === '__root__')?.loaderData as { appName?: string } | undefined
  return `${root?.appName ?? 'Rankpilot'} | ${page}`
}
