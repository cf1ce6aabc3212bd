import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthLayout } from '~/features/auth/auth-layout'
import { InvalidResetLink, ResetPasswordForm } from '~/features/auth/reset-password-form'
import { pageTitle } from '~/features/page-title'

/**
 * The emailed link goes through /api/auth/reset-password/{token}, which redirects here with
 * `?token=…` when the token is valid or `?error=INVALID_TOKEN` when it is not.
 */
interface ResetPasswordSearch {
  token?: string
  error?: string
}

export const Route = createFileRoute('/reset-password')({
  // Keys are always returned: the router merges validated search over the raw one, so an
  // omitted key would keep a raw non-string value.
  validateSearch: (search: Record<string, unknown>): ResetPasswordSearch => ({
    token: typeof search.token === 'string' && search.token !== '' ? search.token : undefined,
    error: typeof search.error === 'string' ? search.error : undefined,
  }),
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Reset password', matches) }] }),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token, error } = Route.useSearch()
  return (
    <AuthLayout
      title="Choose a new password"
      description="Your new password replaces the old one on every device."
      footer={
        <Link to="/sign-in" className="font-medium text-foreground underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {error || !token ? <InvalidResetLink /> : <ResetPasswordForm token={token} />}
    </AuthLayout>
  )
}
