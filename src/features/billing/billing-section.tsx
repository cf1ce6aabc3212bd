import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CreditCardIcon, ExternalLinkIcon } from 'lucide-react'
import { EmptyState } from '~/components/empty-state'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card'
import { Spinner } from '~/components/ui/spinner'
import { formatCount, formatDollars, pluralize } from '~/features/format'
import { allowanceNotice } from '~/features/content/allowance'
import { billingOverviewQuery } from '~/features/settings/settings-queries'
import { overageLine } from './overage'
import { orpc } from '~/lib/orpc'
import type { BillingOverview } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'

/**
 * Settings → Billing: the current plan, this billing period's articles against the plan's
 * allowance, what extra articles cost on a metered plan, and "Manage billing" (Polar's customer
 * portal: payment method, invoices, plan change, cancellation). On a self-hosted server (billing
 * off) it says so and shows the usage against the server's allowance, with nothing to buy or
 * manage. It reads billing.overview, which the Settings route's loader has ensured.
 */
export function BillingSection() {
  const { data: overview } = useSuspenseQuery(billingOverviewQuery())
  const portal = useMutation(
    orpc.billing.portal.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast.error('Could not open billing', { description: error.message }),
    }),
  )

  return (
    <Card aria-labelledby="billing-title">
      <CardHeader>
        <CardTitle id="billing-title">Billing</CardTitle>
        <CardDescription>Your plan and the articles written for you this month.</CardDescription>
      </CardHeader>
      <CardContent>
        {!overview.plan ? (
          <EmptyState
            icon={CreditCardIcon}
            title="No plan yet"
            description="Choose a plan to have articles planned and written for you; your usage will show here."
            action={
              <Button asChild>
                <Link to="/paywall">Choose a plan</Link>
              </Button>
            }
          />
        ) : (
          <UsageSummary overview={overview} />
        )}
      </CardContent>
      {overview.plan && overview.billing !== 'off' && (
        <CardFooter className="justify-end">
          <Button variant="outline" disabled={portal.isPending || portal.isSuccess} onClick={() => portal.mutate({})}>
            {portal.isPending ? <Spinner aria-hidden="true" /> : <ExternalLinkIcon aria-hidden="true" />}
            Manage billing
          </Button>
        </CardFooter>
      )}
    </Card>
  )
}

const NO_OVERAGE = 'No extra articles on this plan: when the allowance is used up, upgrade to write more this month.'

function MeteredSummary({ overview }: { overview: BillingOverview }) {
  const line = overageLine(overview)
  if (!line) return null
  return line.amount ? (
    <p className="text-sm">
      <span className="font-medium">{line.amount}</span> <span className="text-muted-foreground">{line.text}</span>
    </p>
  ) : (
    <p className="text-sm text-muted-foreground">{line.text}</p>
  )
}

function UsageSummary({ overview }: { overview: BillingOverview }) {
  const plan = overview.plan!
  const used = overview.articlesUsed
  const included = overview.articlesIncluded
  const percent = included > 0 ? Math.min(100, Math.round((used / included) * 100)) : 100
  const metered = plan.hasMeteredPricing && plan.meteredUnitPrice !== null
  const selfHosted = overview.billing === 'off'
  // At the allowance of a plan without overage: the sentence the content screen shows.
  const stopped = allowanceNotice(overview)
  return (
    <div className="grid gap-4">
      {selfHosted ? (
        <div className="grid gap-1">
          <span className="text-lg font-semibold">Self-hosted: billing is off</span>
          <span className="text-sm text-muted-foreground">
            Every account has the {plan.name} plan’s features: {pluralize(plan.businessLimit, 'business', 'businesses')} and{' '}
            {pluralize(included, 'article')} a month, with nothing to pay.
          </span>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold">{plan.name}</span>
          <Badge variant="secondary">{formatDollars(plan.price)} / month</Badge>
          <span className="text-sm text-muted-foreground">{pluralize(plan.businessLimit, 'business', 'businesses')}</span>
        </div>
      )}
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between text-sm">
          <span>Articles this month</span>
          <span>
            {formatCount(used)} of {formatCount(included)} used
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Articles used this month"
          aria-valuemin={0}
          aria-valuemax={included}
          aria-valuenow={Math.min(used, included)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className={used >= included ? 'h-full bg-amber-400' : 'h-full bg-primary'} style={{ width: `${percent}%` }} />
        </div>
        <p className="text-sm text-muted-foreground">Your allowance renews on {overview.renewsOn}.</p>
      </div>
      {selfHosted ? null : metered ? (
        <MeteredSummary overview={overview} />
      ) : (
        <p className="text-sm text-muted-foreground">{stopped?.description ?? NO_OVERAGE}</p>
      )}
    </div>
  )
}
