import { Button } from '~/components/ui/button'
import { SubmitButton } from '~/components/ui/submit-button'

/** The foot of a setup step's form: Back (when there is a step before) and "Save and continue". */
export function StepActions({ onBack, pending, disabled }: { onBack?: () => void; pending: boolean; disabled?: boolean }) {
  return (
    <div className={onBack ? 'flex justify-between gap-3' : 'flex justify-end'}>
      {onBack && (
        <Button type="button" variant="ghost" onClick={onBack}>
          Back
        </Button>
      )}
      <SubmitButton pending={pending} pendingLabel="Saving…" disabled={disabled}>
        Save and continue
      </SubmitButton>
    </div>
  )
}
