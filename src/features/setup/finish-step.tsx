import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { SubmitButton } from '~/components/ui/submit-button'
import { orpc } from '~/lib/orpc'
import type { SetupState } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { KEYWORD_REGIONS } from '~/shared/business-profile'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 last:border-b-0 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  )
}

const orNone = (values: readonly string[]) => values.filter((value) => value.trim() !== '').join(', ') || '—'

/** Step 5: a summary of every answer; "Finish" selects the business and goes to /keywords. */
export function FinishStep({
  state,
  onBack,
}: {
  state: SetupState & { business: NonNullable<SetupState['business']> }
  onBack: () => void
}) {
  const { business, competitors } = state
  const navigate = useNavigate()
  const router = useRouter()
  const queryClient = useQueryClient()
  const finish = useMutation(
    orpc.setup.finish.mutationOptions({
      onSuccess: async (result) => {
        // Finish sits in the bottom-right corner, where toasts appear: this one shows at the top, or it
        // would open under the pointer that clicked and wait there (src/lib/toast.ts).
        toast.success('Setup complete', {
          description: result.keywordResearch.started ? 'Keyword research has started.' : `${business.name} is now your current business.`,
          position: 'top-center',
        })
        // The finished business is now the current one: every cached page belonged to the previous one.
        await Promise.all([queryClient.invalidateQueries(), router.invalidate()])
        await navigate({ to: '/keywords' })
      },
      onError: (error) => toast.error('Could not finish setup', { description: error.message }),
    }),
  )
  const region = KEYWORD_REGIONS.find((item) => item.code === business.keywordRegion)?.name ?? business.keywordRegion
  return (
    <div className="grid gap-6">
      <dl aria-label="Setup summary">
        <Row label="Business">{business.name}</Row>
        <Row label="Website">{business.url}</Row>
        <Row label="Description">{business.description}</Row>
        <Row label="Industry">{business.industry || '—'}</Row>
        <Row label="Primary services">{orNone(business.primaryServices)}</Row>
        <Row label="Target audiences">{orNone(business.targetAudiences)}</Row>
        <Row label="Seed keywords">{orNone(Array.isArray(business.seeds) ? business.seeds : [])}</Row>
        <Row label="Competitors">{orNone(competitors.map((item) => item.name ?? item.url))}</Row>
        <Row label="Sitemap">{business.sitemapUrl}</Row>
        <Row label="Blog">{business.blogUrl}</Row>
        <Row label="Best articles">
          {business.bestArticles.length > 0 ? business.bestArticles.map((url) => new URL(url).pathname).join(', ') : 'None chosen'}
        </Row>
        <Row label="Language">{business.language}</Row>
        <Row label="Tone">{business.tone}</Row>
        <Row label="Keyword region">{region}</Row>
      </dl>
      <div className="flex justify-between gap-3">
        <Button type="button" variant="ghost" onClick={onBack}>
          Back
        </Button>
        <SubmitButton pending={finish.isPending} pendingLabel="Finishing…" onClick={() => finish.mutate({ businessId: business.id })}>
          Finish
        </SubmitButton>
      </div>
    </div>
  )
}
