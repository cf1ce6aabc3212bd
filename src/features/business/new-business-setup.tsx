import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { CircleAlertIcon } from 'lucide-react'
import { useEffect, useSyncExternalStore } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { orpc } from '~/lib/orpc'
import { businessLabel } from '~/shared/business-name'
import { businessToResume } from '~/shared/setup-step'
import { DeleteBusinessDialog } from './delete-business-card'
import { BusinessStep } from '~/features/setup/business-step'
import { businessAllowanceQuery } from '~/features/setup/setup-queries'
import { SetupSkeleton } from '~/features/setup/setup-wizard'
import { SetupStepper } from '~/features/setup/setup-stepper'

/**
 * Step 1 for an additional business ("Add business" in the switcher). The plan's room is checked
 * first (the Setup route's loader ensures it), so nobody fills in a profile the server will refuse; the server checks again on save.
 * Once saved, the page carries the new business's id and setup continues with step 2.
 */
export function NewBusinessSetup() {
  const navigate = useNavigate()
  const { data: allowance } = useSuspenseQuery(businessAllowanceQuery())
  const resuming = useResumeOnReload()
  if (resuming) return <SetupSkeleton />
  const { canAdd, message, action } = allowance
  if (!canAdd) return <BusinessLimitReached message={message} action={action} />
  return (
    <SetupStepper currentStep={1}>
      <BusinessStep business={null} onSaved={(saved) => void navigate({ to: '/setup', search: { business: saved.id }, replace: true })} />
    </SetupStepper>
  )
}

/** Set once a reload has been answered: later visits in the same page load start blank. */
let reloadHandled = false

/** Whether this document was loaded by reloading the address it shows now (and that was not answered yet). */
function isUnhandledReload() {
  if (reloadHandled) return false
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return entry?.type === 'reload' && entry.name === window.location.href
}

const subscribeNever = () => () => {}

/**
 * A reload of `/setup?business=new` goes on with the added business still in setup (the newest,
 * as the switcher lists them) rather than a blank step 1; "Add business" itself always starts
 * blank. True while that is being decided or the page is moving there.
 */
function useResumeOnReload() {
  const navigate = useNavigate()
  // False on the server and while hydrating (its HTML cannot know), then read in the browser.
  const reloaded = useSyncExternalStore(subscribeNever, isUnhandledReload, () => false)
  const businesses = useQuery({ ...orpc.business.list.queryOptions(), enabled: reloaded })
  const resume = reloaded && businesses.data ? businessToResume(businesses.data) : null
  useEffect(() => {
    if (!reloaded || !businesses.data) return
    reloadHandled = true
    if (resume) void navigate({ to: '/setup', search: { business: resume.id }, replace: true })
  }, [reloaded, businesses.data, resume, navigate])
  return reloaded && (businesses.isPending || resume !== null)
}

export function BusinessLimitReached({ message, action }: { message: string | null; action: { label: string; path: string } | null }) {
  return (
    <div className="grid gap-4">
      <Alert variant="destructive" role="alert" icon={<CircleAlertIcon aria-hidden />}>
        <AlertTitle>No room for another business</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <div className="flex flex-wrap gap-2">
        {action && (
          <Button asChild>
            <a href={action.path}>{action.label}</a>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/content">Back to your business</Link>
        </Button>
      </div>
    </div>
  )
}

/**
 * The header of setup for an added business: Cancel leaves it as it is (the switcher lists it to
 * resume); Delete removes it, for someone who changed their mind.
 */
export function AddedBusinessActions({ businessId }: { businessId?: string }) {
  const state = useQuery({
    ...orpc.setup.businessState.queryOptions({ input: { businessId: businessId ?? '' } }),
    enabled: Boolean(businessId),
  })
  const added = state.data?.business
  return (
    <>
      {added && (
        <DeleteBusinessDialog
          businessId={added.id}
          name={businessLabel(added)}
          then="/content"
          triggerLabel="Delete business"
          triggerVariant="ghost"
        />
      )}
      <Button asChild variant="outline">
        <Link to="/content">Cancel</Link>
      </Button>
    </>
  )
}
