import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { toast } from '~/lib/toast'
import { buttonVariants } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Spinner } from '~/components/ui/spinner'
import { subscribeToNewsletter } from './landing-queries'

const FALLBACK_ERROR = 'Could not subscribe you just now. Check your connection and try again.'

/**
 * `newsletter.add` with toasts: success clears the field and reads right whether the address is
 * new or already on the list (the server answers both the same, so nobody can test whether an
 * address is subscribed); a refused address keeps what was typed and shows the server's message.
 * The browser's own email check runs first (`type="email"`); the server's is stricter (a domain
 * needs a dot), and its message is the one shown.
 */
export function NewsletterForm() {
  const inputId = useId()
  const [email, setEmail] = useState('')
  const subscribe = useMutation({
    mutationFn: subscribeToNewsletter,
    onSuccess: () => {
      toast.success('Thanks — you’re on the list', { description: 'The next issue will reach your inbox.' })
      setEmail('')
    },
    onError: (error) => {
      toast.error('Could not subscribe', { description: error.message || FALLBACK_ERROR })
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!subscribe.isPending) subscribe.mutate({ email })
  }

  return (
    <form onSubmit={submit} className="mt-8 flex w-full max-w-md flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1.5 text-left">
        <label htmlFor={inputId} className="text-sm font-medium">
          Email
        </label>
        <Input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <button type="submit" disabled={subscribe.isPending} aria-busy={subscribe.isPending || undefined} className={buttonVariants()}>
        {subscribe.isPending && <Spinner />}
        Subscribe
      </button>
    </form>
  )
}

/** The newsletter section of the landing page. */
export function Newsletter() {
  return (
    <section aria-labelledby="newsletter" className="border-t border-border bg-card/40 py-20">
      <div className="mx-auto flex max-w-2xl flex-col items-center px-4 text-center sm:px-6">
        <h2 id="newsletter" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Notes on winning organic search
        </h2>
        <p className="mt-3 text-pretty text-muted-foreground">
          Occasional, practical notes from building Rankpilot: what makes articles rank, what gets them cited and what we change in the
          product because of it. No spam.
        </p>
        <NewsletterForm />
      </div>
    </section>
  )
}
