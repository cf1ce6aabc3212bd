import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthLayout } from '~/features/auth/auth-layout'
import { redirectIfSignedIn } from '~/features/auth/redirect-if-signed-in'
import { SignInForm } from '~/features/auth/sign-in-form'
import { oauthErrorMessage } from '~/features/auth/social-providers'
import { SocialSignIn } from '~/features/auth/social-sign-in'
import { ExploreDemo } from '~/features/demo/explore-demo'
import { pageTitle } from '~/features/page-title'

interface SignInSearch {
  /** Set by better-auth when a social sign-in fails (its errorCallbackURL is this page). */
  error?: string
}

export const Route = createFileRoute('/sign-in')({
  // Keys are always returned: the router merges validated search over the raw one.
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    error: typeof search.error === 'string' && search.error !== '' ? search.error : undefined,
  }),
  beforeLoad: redirectIfSignedIn,
  // A description, like every public page: search engines show it under the title.
  head: ({ matches }) => ({
    meta: [
      { title: pageTitle('Sign in', matches) },
      { name: 'description', content: 'Sign in to Rankpilot to see your keywords, planned articles and search performance.' },
    ],
  }),
  component: SignInPage,
})

function SignInPage() {
  const { error } = Route.useSearch()
  return (
    <AuthLayout
      title="Sign in"
      description="Welcome back. Sign in to see your keywords and articles."
      footer={
        <p>
          New here?{' '}
          <Link to="/sign-up" className="font-medium text-foreground underline-offset-4 hover:underline">
            Create an account
          </Link>
        </p>
      }
    >
      <ExploreDemo />
      <SocialSignIn errorCallbackURL="/sign-in" />
      <SignInForm initialError={error ? oauthErrorMessage(error) : undefined} />
    </AuthLayout>
  )
}
