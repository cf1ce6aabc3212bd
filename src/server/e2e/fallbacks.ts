import { env } from '~/env'

/**
 * The server side of the browser suite's fallbacks page (src/routes/e2e.fallbacks.tsx). Only
 * with E2E_TEST_ROUTES=true (tests/e2e/global-setup.ts sets it); otherwise the page is a 404.
 */
export function e2eTestRoutesEnabled() {
  return env().E2E_TEST_ROUTES
}

const MAX_KEYS = 1000
const loadsByKey = new Map<string, number>()

export const FIRST_LOAD_FAILURE = 'The first load of this test page fails on purpose.'

/**
 * Counts the loads of one test (its `key`). With `fail`, the first load throws and the next
 * ones succeed: the route error page's Try Again must then render the page.
 */
export async function loadFallbacksPage({ key, fail, delayMs }: { key: string; fail: boolean; delayMs: number }) {
  if (delayMs > 0) await new Promise((done) => setTimeout(done, delayMs))
  if (!loadsByKey.has(key) && loadsByKey.size >= MAX_KEYS) loadsByKey.clear()
  const loads = (loadsByKey.get(key) ?? 0) + 1
  loadsByKey.set(key, loads)
  if (fail && loads === 1) throw new Error(FIRST_LOAD_FAILURE)
  return { loads }
}
