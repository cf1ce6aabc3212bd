import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthLayout } from '~/features/auth/auth-layout'
import { redirectIfSignedIn } from '~/features/auth/redirect-if-signed-in'
import { SignUpForm } from '~/features/auth/sign-up-form'
import { SocialSignIn } from '~/features/auth/social-sign-in'
import { ExploreDemo } from '~/features/demo/explore-demo'
import { pageTitle } from '~/features/page-title'

export const Route = createFileRoute('/sign-up')({
  beforeLoad: redirectIfSignedIn,
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Create account', matches) }] }),
  component: SignUpPage,
})

function SignUpPage() {
  return (
    <AuthLayout
      title="Create your account"
      description="Tell us who you are; your business comes next."
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/sign-in" className="font-medium text-foreground underline-offset-4 hover:underline">
            Sign in
          </Link>
        </p>
      }
    >
      {/* "Start ranking" leads here in demo mode: the demo account is one of the ways in. */}
      <ExploreDemo />
      {/* A failed social sign-up lands on /sign-in, which shows the provider's error. */}
      <SocialSignIn errorCallbackURL="/sign-in" />
      <SignUpForm />
    </AuthLayout>
  )
}
