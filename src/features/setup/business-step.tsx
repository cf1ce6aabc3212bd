import { useMutation, useQuery } from '@tanstack/react-query'
import { CircleAlertIcon, PencilLineIcon, RotateCcwIcon, SearchIcon } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { StepActions } from './step-actions'
import { FormField } from '~/components/ui/form-field'
import { JobProgress } from '~/features/jobs/job-progress'
import { jobWatchQueryOptions } from '~/features/jobs/job-queries'
import { TextareaField } from '~/features/settings/fields'
import { fieldErrorsOf, firstInvalidField, serverFieldErrors, type FieldErrors } from '~/features/settings/form-errors'
import { client, orpc } from '~/lib/orpc'
import { errorActionOf } from '~/lib/query-client'
import type { Business } from '~/lib/rpc-outputs'
import { toast } from '~/lib/toast'
import { normalizeSiteAddress } from '~/shared/business-profile'
import { setupProfileSchema } from '~/shared/setup-wizard'
import {
  draftFromAnalysis,
  EMPTY_DRAFT,
  FIELD_ORDER,
  fromDraft,
  LIST_FIELDS,
  TEXT_FIELDS,
  toDraft,
  type ProfileDraft,
} from './profile-draft'

/** The field the site-address rule's error toast names (docs/product/entities.md). */
export const ADDRESS_FIELD = 'Website address'
const ADDRESS_HINT = 'Type your site’s address, such as example.com or https://example.com.'

const fieldId = (name: string) => `setup-${name}`

/** http… as typed, a host with a dot gets https://, anything else is an error toast. */
function checkedAddress(value: string): string | undefined {
  const result = normalizeSiteAddress(value)
  if (result.ok) return result.url
  toast.error(ADDRESS_FIELD, { description: `“${result.value.trim() || ' '}” is not a website address. ${ADDRESS_HINT}` })
  return undefined
}

/** The button that takes a user whose site could not be read to the profile form. */
export const FILL_IN_YOURSELF = 'Fill in the profile yourself'

/**
 * A site analysis that failed, with its reason (src/server/setup/reach-failure.ts), and the two ways
 * on: analyse again, or fill in the profile by hand.
 */
function AnalysisFailed({ message, onRetry, onFillIn }: { message: string; onRetry: () => void; onFillIn: () => void }) {
  return (
    <Alert variant="destructive" role="alert" icon={<CircleAlertIcon aria-hidden />} aria-label="Site analysis failed">
      <AlertTitle>We could not read your site</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
      <AlertDescription>You can fix the address and analyse again, or type the profile in yourself.</AlertDescription>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onFillIn}>
          <PencilLineIcon aria-hidden />
          {FILL_IN_YOURSELF}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          <RotateCcwIcon aria-hidden />
          Analyse again
        </Button>
      </div>
    </Alert>
  )
}

/**
 * Step 1 (docs/product/pipeline.md): the site address, "Analyse" (crawl + LLM as a background job with its
 * progress), then every profile field for the user to check; they may also fill it by hand. A failed
 * analysis is kept by the server (setup.analysisFailure) and shown again after a reload, with
 * "Fill in the profile yourself", until an analysis succeeds or the profile is saved.
 */
export function BusinessStep({ business, onSaved }: { business: Business | null; onSaved: (saved: Business) => void }) {
  const [address, setAddress] = useState(business?.url ?? '')
  const [draft, setDraft] = useState<ProfileDraft>(business ? toDraft(business) : EMPTY_DRAFT)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [jobId, setJobId] = useState<string>()
  const [analysisJobId, setAnalysisJobId] = useState<string>()
  const applied = useRef<string | undefined>(undefined)
  const [fillingIn, setFillingIn] = useState(false)
  const storedFailure = useQuery(orpc.setup.analysisFailure.queryOptions())

  const analyze = useMutation(
    orpc.setup.analyze.mutationOptions({
      onSuccess: ({ jobId: started }) => setJobId(started),
      onError: (error) => toast.error('Could not start the analysis', { description: error.message }),
    }),
  )
  const job = useQuery({ ...jobWatchQueryOptions(jobId ?? ''), enabled: Boolean(jobId) })
  const finished = job.data?.state === 'completed' ? job.data.id : undefined

  useEffect(() => {
    if (!finished || applied.current === finished) return
    applied.current = finished
    client.setup.analysisResult({ jobId: finished }).then(
      (result) => {
        setDraft(draftFromAnalysis(result.profile))
        setAnalysisJobId(finished)
        setErrors({})
        toast.success('Your site is analysed', { description: 'Check the profile below and correct anything we got wrong.' })
      },
      (error: Error) => toast.error('Could not read the analysis', { description: error.message }),
    )
  }, [finished])

  const save = useSaveBusiness(onSaved, setErrors)

  const startAnalysis = () => {
    const url = checkedAddress(address)
    if (!url) return
    setAddress(url)
    analyze.mutate({ url })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const url = checkedAddress(address)
    if (!url) return
    setAddress(url)
    const parsed = setupProfileSchema.safeParse(fromDraft(draft, url))
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error)
      setErrors(found)
      const first = firstInvalidField(FIELD_ORDER, found)
      if (first) document.getElementById(fieldId(first))?.focus()
      return
    }
    setErrors({})
    save.mutate({ businessId: business?.id, analysisJobId, profile: parsed.data })
  }

  const fillIn = () => {
    setFillingIn(true)
    const first = document.getElementById(fieldId('name'))
    first?.scrollIntoView({ block: 'center' })
    first?.focus()
  }
  // This visit's failed analysis, else the one the server kept from an earlier visit.
  const failure = jobId
    ? job.data?.state === 'failed'
      ? (job.data.error ?? undefined)
      : undefined
    : (storedFailure.data?.message ?? undefined)
  // A kept failure names the address that failed, for a page opened afresh.
  const failedUrl = storedFailure.data?.url
  // Adjusted while rendering, once per kept failure: an empty address field takes its address.
  const [prefilledFrom, setPrefilledFrom] = useState<string>()
  if (failedUrl && !jobId && prefilledFrom !== failedUrl) {
    setPrefilledFrom(failedUrl)
    if (!address) setAddress(failedUrl)
  }

  const running = Boolean(jobId) && job.data?.state !== 'completed' && job.data?.state !== 'failed' && job.data?.state !== 'cancelled'
  const set = (name: keyof ProfileDraft) => (value: string) => setDraft((current) => ({ ...current, [name]: value }))

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <AddressField
        address={address}
        error={errors.url}
        onChange={setAddress}
        onAnalyse={startAnalysis}
        analyseDisabled={analyze.isPending || running}
      />

      {/* Once the analysis has failed, the alert below says why once and offers both ways on. */}
      {jobId && !failure && (
        <JobProgress jobId={jobId} label="Site analysis" onRetry={startAnalysis} onCancel={() => client.job.cancel({ id: jobId })} />
      )}
      {failure && !fillingIn && <AnalysisFailed message={failure} onRetry={startAnalysis} onFillIn={fillIn} />}
      {fillingIn && (
        <p role="status" className="text-sm text-muted-foreground">
          Type your business’s profile below and choose Save and continue: the analysis is optional.
        </p>
      )}

      <ProfileFieldset draft={draft} errors={errors} set={set} />

      <StepActions pending={save.isPending} disabled={running} />
    </form>
  )
}

/** The site address and Analyse, which reads the site and fills in the profile. */
function AddressField({
  address,
  error,
  onChange,
  onAnalyse,
  analyseDisabled,
}: {
  address: string
  error?: string
  onChange: (address: string) => void
  onAnalyse: () => void
  analyseDisabled: boolean
}) {
  return (
    <div className="grid gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField
          id={fieldId('url')}
          label={ADDRESS_FIELD}
          className="flex-1"
          value={address}
          onChange={(event) => onChange(event.target.value)}
          placeholder="example.com"
          autoComplete="url"
          error={error}
        />
        <Button type="button" variant="secondary" onClick={onAnalyse} disabled={analyseDisabled}>
          <SearchIcon aria-hidden />
          Analyse
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        We read your home page and up to 20 others, then fill in the profile below for you to check.
      </p>
    </div>
  )
}

/** Every profile field, as the analysis filled it in or as typed. */
function ProfileFieldset({
  draft,
  errors,
  set,
}: {
  draft: ProfileDraft
  errors: FieldErrors
  set: (name: keyof ProfileDraft) => (value: string) => void
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" aria-label="Business profile">
      {TEXT_FIELDS.map((field) =>
        field.multiline ? (
          <TextareaField
            key={field.name}
            id={fieldId(field.name)}
            label={field.label}
            className="sm:col-span-2"
            value={draft[field.name]}
            onChange={(event) => set(field.name)(event.target.value)}
            error={errors[field.name]}
          />
        ) : (
          <FormField
            key={field.name}
            id={fieldId(field.name)}
            label={field.label}
            value={draft[field.name]}
            onChange={(event) => set(field.name)(event.target.value)}
            error={errors[field.name]}
          />
        ),
      )}
      {LIST_FIELDS.map((field) => (
        <TextareaField
          key={field.name}
          id={fieldId(field.name)}
          label={field.label}
          hint="One per line."
          value={draft[field.name]}
          onChange={(event) => set(field.name)(event.target.value)}
          error={errors[field.name]}
        />
      ))}
    </fieldset>
  )
}

/** setup.saveBusiness: field errors go under the fields; anything else is a toast, with the plan's way out at its limit. */
function useSaveBusiness(onSaved: (saved: Business) => void, setErrors: (errors: FieldErrors) => void) {
  return useMutation(
    orpc.setup.saveBusiness.mutationOptions({
      onSuccess: (saved) => {
        toast.success('Business saved')
        onSaved(saved)
      },
      onError: (error) => {
        const fields = serverFieldErrors(error)
        if (fields) return setErrors(fields)
        // At the plan's business limit the server offers the way out ("See plans").
        const action = errorActionOf(error)
        toast.error('Could not save your business', {
          description: error.message,
          ...(action ? { action: { label: action.label, onClick: () => window.location.assign(action.path) } } : {}),
        })
      },
    }),
  )
}
