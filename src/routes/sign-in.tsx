import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/sign-in')({
  component: () => <main className="p-6">Sign in</main>,
})
