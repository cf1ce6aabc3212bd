import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { bootServer } from '~/server/app/boot'

// Migrations and the plan seed run before the first request is answered.
await bootServer()

export default createServerEntry({
  fetch(request) {
    return handler.fetch(request)
  },
})

export { shutdownServer } from '~/server/app/boot'
