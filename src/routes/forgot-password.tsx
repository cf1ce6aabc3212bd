import { createFileRoute, Link } from '@tanstack/react-router'
import { AuthLayout } from '~/features/auth/auth-layout'
import { ForgotPasswordForm } from '~/features/auth/forgot-password-form'
import { pageTitle } from '~/features/page-title'

export const Route = createFileRoute('/forgot-password')({
  head: ({ matches }) => ({ meta: [{ title: pageTitle('Forgot password', matches) }] }),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter the email you signed up with and we will send you a link to choose a new one."
      footer={
        <Link to="/sign-in" className="font-medium text-foreground underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  )
}
