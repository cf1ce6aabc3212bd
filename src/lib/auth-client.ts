import { inferAdditionalFields } from 'better-auth/client/plugins'
import { createAuthClient } from 'better-auth/react'
// Type-only: erased at build time, so no server code reaches the browser bundle.
import type { Auth } from '~/server/auth'

/**
 * The browser's better-auth client. No baseURL: it calls /api/auth on the page's own origin
 * (base path /api/auth), which is right in dev, tests and production alike.
 */
export const authClient = createAuthClient({
  plugins: [inferAdditionalFields<Auth>()],
})

export { authErrorMessage } from './auth-error'
