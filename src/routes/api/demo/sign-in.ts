import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { getAuth } from '~/server/app/auth'
import { DEMO_EMAIL, demoAccountEnabled, demoPassword } from '~/server/demo/demo-account'
import { demoArticlesWritten } from '~/server/demo/demo-articles'
import { logger } from '~/server/logger'

/**
 * "Explore the demo" (docs/product/services.md): a plain form POST from the sign-in page, so it works before
 * hydration too. Signs into the shared demo account through better-auth's own email sign-in and
 * passes its session cookies on with a redirect into the app.
 */
async function signInToDemo({ request }: { request: Request }) {
  const current = env()
  if (!demoAccountEnabled(current)) return new Response('Not found', { status: 404 })
  // Only our own pages may sign a browser into the demo (no cross-site form posts).
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== current.APP_URL) return new Response('Forbidden', { status: 403 })

  // The account's articles are written just after start-up: a visitor sees it whole.
  await demoArticlesWritten()
  try {
    const { headers } = await getAuth().api.signInEmail({
      body: { email: DEMO_EMAIL, password: demoPassword(current), rememberMe: false },
      headers: request.headers,
      returnHeaders: true,
    })
    const response = new Response(null, { status: 303, headers: { location: '/keywords' } })
    for (const cookie of headers.getSetCookie()) response.headers.append('set-cookie', cookie)
    return response
  } catch (error) {
    logger.error('demo sign-in failed', error)
    return new Response(null, { status: 303, headers: { location: '/sign-in?error=demo_unavailable' } })
  }
}

export const Route = createFileRoute('/api/demo/sign-in')({
  server: { handlers: { POST: signInToDemo } },
})
