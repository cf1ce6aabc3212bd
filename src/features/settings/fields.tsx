import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react'
import { useState, type ComponentProps, type ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { CardFooter } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '~/components/ui/command'
import { Label } from '~/components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { SubmitButton } from '~/components/ui/submit-button'
import { cn } from '~/lib/utils'

/** Hint and error lines under a control, linked by aria-describedby like FormField's. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-300">
          {error}
        </p>
      )}
    </>
  )
}

const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined

export interface TextareaFieldProps extends ComponentProps<'textarea'> {
  id: string
  label: string
  hint?: string
  error?: string
}

/** A labelled multi-line input (descriptions, and list fields edited one entry per line). */
export function TextareaField({ id, label, hint, error, className, ...props }: TextareaFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className="min-h-20 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs transition-colors placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive"
        {...props}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

export interface SelectFieldProps {
  id: string
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
  hint?: string
  error?: string
  disabled?: boolean
}

/** A labelled Radix select; the label names the trigger button. */
export function SelectField({ id, label, value, options, onChange, hint, error, disabled }: SelectFieldProps) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} className="w-full" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-h-72">
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/** A labelled searchable list (Popover + Command) for long lists such as the 243 keyword markets; typing filters by label. */
export function ComboboxField({ id, label, value, options, onChange, hint, error, disabled }: SelectFieldProps) {
  const [open, setOpen] = useState(false)
  const current = options.find((option) => option.value === value)
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            id={id}
            type="button"
            variant="outline"
            role="combobox"
            aria-expanded={open}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, hint, error)}
            disabled={disabled}
            className="w-full justify-between font-normal"
          >
            <span className="truncate">{current?.label ?? value}</span>
            <ChevronsUpDownIcon aria-hidden="true" className="size-4 opacity-50" />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-(--radix-popover-trigger-width) p-0">
          <Command>
            <CommandInput placeholder={`Search ${label.toLowerCase()}…`} aria-label={`Search ${label}`} />
            <CommandList className="max-h-72">
              <CommandEmpty>Nothing matches.</CommandEmpty>
              <CommandGroup>
                {options.map((option) => (
                  <CommandItem
                    key={option.value}
                    value={`${option.label} ${option.value}`}
                    onSelect={() => {
                      onChange(option.value)
                      setOpen(false)
                    }}
                  >
                    <CheckIcon aria-hidden="true" className={cn('size-4', option.value === value ? 'opacity-100' : 'opacity-0')} />
                    <span className="truncate">{option.label}</span>
                  </CommandItem>
                ))}
              </CommandGroup>
            </CommandList>
          </Command>
        </PopoverContent>
      </Popover>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

/** A checkbox with its label and a line explaining what it does. */
export function CheckboxField({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string
  label: string
  hint: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
}) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(state) => onChange(state === true)}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  )
}

export const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }))

/** A settings card's footer: "You have unsaved changes", Reset and the card's Save button. */
export function SaveFooter({
  dirty,
  pending,
  onReset,
  saveLabel,
  pendingLabel = 'Saving…',
}: {
  dirty: boolean
  pending: boolean
  onReset: () => void
  saveLabel: string
  pendingLabel?: string
}) {
  return (
    <CardFooter className="flex flex-wrap items-center justify-end gap-2">
      {dirty && <p className="mr-auto text-xs text-muted-foreground">You have unsaved changes.</p>}
      <Button type="button" variant="outline" disabled={!dirty || pending} onClick={onReset}>
        Reset
      </Button>
      <SubmitButton pending={pending} pendingLabel={pendingLabel} disabled={!dirty}>
        {saveLabel}
      </SubmitButton>
    </CardFooter>
  )
}
