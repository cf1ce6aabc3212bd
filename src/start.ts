import { createStart } from '@tanstack/react-start'
import { serverFnFetch } from '~/lib/server-fn'

// Spec §7: a non-OK server-function response throws its decoded JSON body or its text.
export const startInstance = createStart(() => ({ serverFns: { fetch: serverFnFetch } }))
