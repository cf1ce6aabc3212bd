import type { BetterAuthPlugin } from 'better-auth'
import { rejectTakenEmail } from './change-email'
import { guardDemoAccount, ownDemoSessionOnly } from './demo-guard'
import { emailDeleteTokenWhenStale, type SendDeleteAccountEmail } from './delete-account'
import { authErrorPageResponse } from './error-page'
import { forgetPassword } from './forget-password'
import { refuseUnsafeInput } from './input-guard'
import { specErrorMessages } from './spec-errors'
import { unlinkByProvider } from './unlink-account'

/**
 * Where better-auth 1.7.7 behaves or words things differently from the spec, this plugin brings
 * the API in line, each rule in its own module: the error page, error wording, the change-email
 * and account-deletion rules, unlink by provider id and /forget-password. It also holds our own
 * rules on input (safe text, avatar addresses) and on the shared demo account.
 */
export function specCompatibility(options: { sendDeleteAccountEmail: SendDeleteAccountEmail }) {
  return {
    id: 'rankpilot-spec',
    async onRequest(request, ctx) {
      const response = authErrorPageResponse(request, new URL(ctx.baseURL).pathname)
      return response ? { response } : undefined
    },
    endpoints: { forgetPassword },
    hooks: {
      // refuseUnsafeInput first: the hooks after it look values up in the database.
      before: [
        refuseUnsafeInput,
        guardDemoAccount,
        rejectTakenEmail,
        emailDeleteTokenWhenStale(options.sendDeleteAccountEmail),
        unlinkByProvider,
      ],
      after: [ownDemoSessionOnly, specErrorMessages],
    },
  } satisfies BetterAuthPlugin
}
