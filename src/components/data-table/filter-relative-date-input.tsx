import { useEffect, useRef, useState } from 'react'
import { Input } from '~/components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { cn } from '~/lib/utils'
import { dataTableConfig } from '~/shared/data-table/config'
import { useDebouncedCallback } from './use-debounced-callback'
import { formatRelativeValue, RELATIVE_UNITS, relativeDraftOf, type RelativeUnit } from './filter-relative-date-value'

/**
 * "Is relative to today": a signed whole number of days, weeks or months (negative = in the
 * past) and a unit. The value is the server's format (filter-schema.ts parseRelativeToToday),
 * e.g. "-7 days"; an empty number gives '' (ignored by the server). Typing is debounced 300 ms.
 */
export function FilterRelativeDateInput({
  value,
  onValueChange,
  label,
  className,
}: {
  value: string | string[]
  onValueChange: (value: string) => void
  label: string
  className?: string
}) {
  const [draft, setDraft] = useState(() => relativeDraftOf(value))
  const sent = useRef(formatRelativeValue(relativeDraftOf(value)))
  useEffect(() => {
    const incoming = relativeDraftOf(value)
    const text = formatRelativeValue(incoming)
    if (text !== sent.current) {
      sent.current = text
      setDraft(incoming)
    }
  }, [value])

  const { run: send, flush } = useDebouncedCallback((amount: string, unit: RelativeUnit) => {
    const text = formatRelativeValue({ amount, unit })
    sent.current = text
    onValueChange(text)
  }, dataTableConfig.debounceMs)

  return (
    <div className={cn('flex w-full items-center gap-2', className)}>
      <Input
        type="text"
        inputMode="numeric"
        aria-label={`${label}: number of ${draft.unit} from today (negative for the past)`}
        placeholder="-7"
        className="h-8 w-20"
        value={draft.amount}
        onChange={(event) => {
          const amount = event.target.value.trim()
          if (!/^[+-]?\d{0,4}$/.test(amount)) return
          setDraft({ ...draft, amount })
          send(amount, draft.unit)
        }}
        onBlur={() => flush()}
      />
      <Select
        value={draft.unit}
        onValueChange={(unit) => {
          const next = { ...draft, unit: unit as RelativeUnit }
          setDraft(next)
          send(next.amount, next.unit)
          flush()
        }}
      >
        <SelectTrigger size="sm" aria-label={`${label} unit`} className="h-8 flex-1">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {RELATIVE_UNITS.map((unit) => (
            <SelectItem key={unit} value={unit}>
              {unit}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
