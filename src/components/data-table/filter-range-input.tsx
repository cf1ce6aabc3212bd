import { useEffect, useId, useRef, useState } from 'react'
import { Input } from '~/components/ui/input'
import { cn } from '~/lib/utils'
import { dataTableConfig } from '~/shared/data-table/config'
import { DEFAULT_RANGE, formatRangeNumber, isNumericDraft, normaliseRange, rangeErrorText, validateRange } from './filter-range-value'
import { useDebouncedCallback } from './use-debounced-callback'

const pair = (value: string | string[]): [string, string] => (Array.isArray(value) ? [value[0] ?? '', value[1] ?? ''] : [value, ''])

/**
 * Two bounds, min and max: each accepts only numbers or empty
 * (other key strokes are refused); min within the column range, max within it and not below min.
 * An invalid pair is marked and not handed on; a valid one goes out 300 ms after typing stops.
 */
export function FilterRangeInput({
  value,
  onValueChange,
  range = DEFAULT_RANGE,
  unit,
  label,
  className,
}: {
  value: string | string[]
  onValueChange: (value: [string, string]) => void
  range?: [number, number]
  unit?: string
  label: string
  className?: string
}) {
  const [draft, setDraft] = useState(() => pair(value))
  const sent = useRef(JSON.stringify(pair(value)))
  const errorId = useId()
  useEffect(() => {
    const incoming = JSON.stringify(pair(value))
    if (incoming !== sent.current) {
      sent.current = incoming
      setDraft(pair(value))
    }
  }, [value])

  const { run: send, flush } = useDebouncedCallback((next: [string, string]) => {
    const normalised = normaliseRange(next)
    sent.current = JSON.stringify(normalised)
    onValueChange(normalised)
  }, dataTableConfig.debounceMs)

  const errors = validateRange(draft, range)
  const message = errors.min ? rangeErrorText[errors.min](range) : errors.max ? rangeErrorText[errors.max](range) : undefined

  const update = (index: 0 | 1, text: string) => {
    const trimmed = text.trim()
    if (!isNumericDraft(trimmed)) return
    const next: [string, string] = index === 0 ? [trimmed, draft[1]] : [draft[0], trimmed]
    setDraft(next)
    const nextErrors = validateRange(next, range)
    if (!nextErrors.min && !nextErrors.max) send(next)
  }

  const bound = (index: 0 | 1) => (
    <div className="relative flex-1">
      <Input
        type="text"
        inputMode="decimal"
        aria-label={`${label} ${index === 0 ? 'minimum' : 'maximum'}`}
        aria-invalid={(index === 0 ? errors.min : errors.max) ? true : undefined}
        aria-describedby={message ? errorId : undefined}
        placeholder={formatRangeNumber(range[index])}
        className={cn('h-8 w-full', unit && 'pr-8')}
        value={draft[index]}
        onChange={(event) => update(index, event.target.value)}
        onBlur={() => flush()}
      />
      {unit ? (
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-2 flex items-center text-xs text-muted-foreground">
          {unit}
        </span>
      ) : null}
    </div>
  )

  return (
    <div className={cn('flex w-full flex-col gap-1', className)}>
      <div className="flex w-full items-center gap-2">
        {bound(0)}
        <span aria-hidden="true" className="text-xs text-muted-foreground">
          –
        </span>
        {bound(1)}
      </div>
      {message ? (
        <p id={errorId} role="alert" className="text-xs text-red-300">
          {message}
        </p>
      ) : null}
    </div>
  )
}
