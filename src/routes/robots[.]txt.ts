import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { buildRobotsTxt } from '~/features/seo/robots'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: () =>
        new Response(buildRobotsTxt(env().APP_URL), {
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
        }),
    },
  },
})
