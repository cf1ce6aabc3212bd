interface MatchWithLoaderData {
  routeId: string
  loaderData?: unknown
}

/**
 * "Keywords | Rankpilot": the page name then the product name from the root loader's public
 * config, so a renamed deployment (APP_NAME) renames every tab.
 */
export function pageTitle(page: string, matches: readonly MatchWithLoaderData[]) {
  const root = matches.find((match) => match.routeId === '__root__')?.loaderData as { appName?: string } | undefined
  return `${page} | ${root?.appName ?? 'Rankpilot'}`
}
