import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import type { SetupState } from '~/lib/rpc-outputs'
import type { SetupStepNumber } from '~/shared/setup-step'
import { BusinessStep } from './business-step'
import { CompetitorsStep } from './competitors-step'
import { FinishStep } from './finish-step'
import { LanguageToneStep } from './language-tone-step'
import { setupStateQuery } from './setup-queries'
import { SetupStepper } from './setup-stepper'
import { SiteStructureStep } from './site-structure-step'

export function SetupSkeleton() {
  return (
    <div role="status" aria-label="Loading your business" className="grid gap-2 sm:grid-cols-5">
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-16" />
      ))}
    </div>
  )
}

/**
 * The wizard from where setup stands (the Setup route's loader has ensured it): for the user's
 * current business, or for the business `businessId` names (one added from the switcher, not
 * current until it finishes).
 */
export function SetupWizard({ businessId }: { businessId?: string }) {
  const { data: state } = useSuspenseQuery(setupStateQuery(businessId))
  return <SetupSteps key={state.business?.id ?? 'new'} state={state} />
}

/**
 * The five steps. It opens at the step the server computed (leaving and coming back
 * resumes there); from then on Back and each step's Continue move between steps.
 */
function SetupSteps({ state }: { state: SetupState }) {
  const [step, setStep] = useState<SetupStepNumber>(state.step)
  const queryClient = useQueryClient()
  const goTo = async (next: SetupStepNumber) => {
    // The next step reads what this one saved (the new business, its competitors).
    await queryClient.refetchQueries({ queryKey: orpc.setup.key() })
    setStep(next)
    window.scrollTo({ top: 0 })
  }
  const { business } = state
  return (
    <SetupStepper currentStep={business ? step : 1}>
      {(step === 1 || !business) && <BusinessStep business={business} onSaved={() => goTo(2)} />}
      {business && step === 2 && <CompetitorsStep businessId={business.id} onBack={() => setStep(1)} onContinue={() => goTo(3)} />}
      {business && step === 3 && (
        <SiteStructureStep business={business} detected={state.detected} onBack={() => setStep(2)} onSaved={() => goTo(4)} />
      )}
      {business && step === 4 && <LanguageToneStep business={business} onBack={() => setStep(3)} onSaved={() => goTo(5)} />}
      {business && step === 5 && <FinishStep state={{ ...state, business }} onBack={() => setStep(4)} />}
    </SetupStepper>
  )
}
