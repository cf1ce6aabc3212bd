import type { BetterAuthPlugin } from 'better-auth'
import { rejectTakenEmail } from './change-email'
import { guardDemoAccount } from './demo-guard'
import { emailDeleteTokenWhenStale, type SendDeleteAccountEmail } from './delete-account'
import { authErrorPageResponse } from './error-page'
import { specErrorMessages } from './spec-errors'
import { unlinkByProvider } from './unlink-account'

/**
 * Where better-auth 1.7.7 behaves or words things differently from the spec, this plugin brings
 * the API in line, each rule in its own module: the error page, error wording, the change-email
 * and account-deletion rules, and unlink by provider id.
 */
export function specCompatibility(options: { sendDeleteAccountEmail: SendDeleteAccountEmail }) {
  return {
    id: 'rankpilot-spec',
    async onRequest(request, ctx) {
      const response = authErrorPageResponse(request, new URL(ctx.baseURL).pathname)
      return response ? { response } : undefined
    },
    hooks: {
      before: [guardDemoAccount, rejectTakenEmail, emailDeleteTokenWhenStale(options.sendDeleteAccountEmail), unlinkByProvider],
      after: [specErrorMessages],
    },
  } satisfies BetterAuthPlugin
}
