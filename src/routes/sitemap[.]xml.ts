import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { buildSitemapXml, sitemapEntries } from '~/features/seo/sitemap'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: () =>
        new Response(buildSitemapXml(env().APP_URL, sitemapEntries()), {
          headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
        }),
    },
  },
})
