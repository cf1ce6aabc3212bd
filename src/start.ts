import { createCsrfMiddleware, createStart } from '@tanstack/react-start'
import { serverFnFetch } from '~/lib/server-fn'

/**
 * Server functions are posted to `/_serverFn/{id}?createServerFn`, and a non-OK response throws
 * its decoded JSON body or its text (src/lib/server-fn.ts). They are POSTs, so the server accepts
 * them only from this site's own pages (Sec-Fetch-Site, else Origin, else Referer): the check
 * Start applies by default, which registering a start instance turns off unless listed here.
 */
export const startInstance = createStart(() => ({
  serverFns: { fetch: serverFnFetch },
  requestMiddleware: [createCsrfMiddleware({ filter: (ctx) => ctx.handlerType === 'serverFn' })],
}))
