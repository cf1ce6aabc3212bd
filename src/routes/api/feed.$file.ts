import { createFileRoute } from '@tanstack/react-router'
import { env } from '~/env'
import { getDb } from '~/server/db'
import { encryptionKeys } from '~/server/publishing/crypto'
import { feedResponse } from '~/server/publishing/feed'

/** A business's JSON feed of published articles (src/server/publishing/feed.ts). */
export const Route = createFileRoute('/api/feed/$file')({
  server: {
    handlers: {
      GET: ({ request, params }) =>
        feedResponse(getDb(), request, params.file, { keys: encryptionKeys(env()), appUrl: env().APP_URL, dataDir: env().DATA_DIR }),
    },
  },
})
