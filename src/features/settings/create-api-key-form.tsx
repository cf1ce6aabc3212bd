import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CheckIcon, CopyIcon, KeyRoundIcon } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { FormField } from '~/components/ui/form-field'
import { Input } from '~/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { SubmitButton } from '~/components/ui/submit-button'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import {
  API_KEY_EXPIRY_OPTIONS,
  API_KEY_NAME_MAX,
  API_SCOPE_LABELS,
  API_SCOPES,
  apiKeyCreateInput,
  type ApiKeyExpiry,
  type ApiScope,
} from '~/shared/api-keys'
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from './form-errors'

/**
 * Creates an API key: a name, its scopes and when it expires. The answer carries the key in clear,
 * shown here once to copy; it cannot be read again (only its hash is kept).
 */
export function CreateApiKeyForm({ disabled }: { disabled: boolean }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiScope[]>(['read'])
  const [expiry, setExpiry] = useState<ApiKeyExpiry>('90')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null)

  const create = useMutation(
    orpc.apiKey.create.mutationOptions({
      onSuccess: async ({ key, apiKey }) => {
        setCreated({ name: apiKey.name, key })
        setName('')
        setScopes(['read'])
        setExpiry('90')
        await queryClient.invalidateQueries({ queryKey: orpc.apiKey.key() })
      },
      onError: (error) => {
        const fields = serverFieldErrors(error)
        if (fields) return setErrors(fields)
        toast.error('Could not create the key', { description: error.message })
      },
    }),
  )

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const days = API_KEY_EXPIRY_OPTIONS.find((option) => option.value === expiry)?.days ?? null
    const parsed = apiKeyCreateInput.safeParse({ name, scopes: API_SCOPES.filter((scope) => scopes.includes(scope)), expiresInDays: days })
    if (!parsed.success) {
      const next = fieldErrorsOf(parsed.error)
      setErrors(next)
      if (next.name) document.getElementById(`${id}-name`)?.focus()
      return
    }
    setErrors({})
    setCreated(null)
    create.mutate(parsed.data)
  }

  const toggle = (scope: ApiScope, checked: boolean) =>
    setScopes((current) => (checked ? [...new Set([...current, scope])] : current.filter((item) => item !== scope)))

  return (
    <div className="grid gap-4">
      {created && <NewKey name={created.name} apiKey={created.key} onDone={() => setCreated(null)} />}
      <form onSubmit={onSubmit} noValidate aria-label="Create an API key" className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <FormField
            id={`${id}-name`}
            label="Key name"
            name="name"
            placeholder="e.g. Reporting script"
            hint="Where the key is used, so you know which one to revoke."
            maxLength={API_KEY_NAME_MAX}
            autoComplete="off"
            value={name}
            error={errors.name}
            disabled={disabled}
            onChange={(event) => setName(event.target.value)}
          />
          <div className="grid content-start gap-2">
            <span id={`${id}-expiry`} className="text-sm leading-none font-medium">
              Expires
            </span>
            <Select value={expiry} onValueChange={(value) => setExpiry(value as ApiKeyExpiry)} disabled={disabled}>
              <SelectTrigger aria-labelledby={`${id}-expiry`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {API_KEY_EXPIRY_OPTIONS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.days === null ? 'Never' : `In ${option.label}`}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        <fieldset className="grid gap-3" aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
          <legend className="mb-3 text-sm leading-none font-medium">Scopes</legend>
          {API_SCOPES.map((scope) => (
            <div key={scope} className="flex items-start gap-3">
              <Checkbox
                id={`${id}-${scope}`}
                checked={scopes.includes(scope)}
                disabled={disabled}
                onCheckedChange={(checked) => toggle(scope, checked === true)}
                aria-describedby={`${id}-${scope}-hint`}
                className="mt-0.5"
              />
              <div className="grid gap-0.5">
                <label htmlFor={`${id}-${scope}`} className="text-sm font-medium">
                  {API_SCOPE_LABELS[scope].label}
                </label>
                <p id={`${id}-${scope}-hint`} className="text-xs text-muted-foreground">
                  {API_SCOPE_LABELS[scope].description}
                </p>
              </div>
            </div>
          ))}
          {errors.scopes && (
            <p id={`${id}-scopes-error`} className="text-xs text-red-300">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <SubmitButton pending={create.isPending} pendingLabel="Creating…" disabled={disabled} className="justify-self-start">
          <KeyRoundIcon aria-hidden />
          Create key
        </SubmitButton>
      </form>
    </div>
  )
}

/** The new key, once: copy it now, it cannot be shown again. */
function NewKey({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey)
      setCopied(true)
      toast.success('Key copied')
    } catch {
      toast.error('Could not copy the key', { description: 'Select it and copy it by hand.' })
    }
  }
  return (
    <Alert variant="success" icon={<KeyRoundIcon aria-hidden />}>
      <div className="grid min-w-0 flex-1 gap-3">
        <div className="grid gap-1">
          <AlertTitle>{name} is ready: copy it now</AlertTitle>
          <AlertDescription>
            This is the only time the key is shown. Store it somewhere safe; if you lose it, revoke it and create another.
          </AlertDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className="sr-only">
            New API key
          </label>
          <Input
            id={id}
            readOnly
            value={apiKey}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 basis-64 font-mono text-xs"
          />
          <Button type="button" variant="outline" size="sm" onClick={copy}>
            {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button type="button" size="sm" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Alert>
  )
}
