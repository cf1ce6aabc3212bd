import { CalendarIcon } from 'lucide-react'
import { useState } from 'react'
import type { DateRange } from 'react-day-picker'
import { Button } from '~/components/ui/button'
import { Calendar } from '~/components/ui/calendar'
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover'
import { cn } from '~/lib/utils'
import { dateFromText, timestampText } from './filter-date-value'

/** English (US), long month: "November 21, 2026". */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
export const formatFilterDate = (date: Date) => dateFormat.format(date)

/**
 * A date value (single or range) picked on a calendar. Values are millisecond timestamps as
 * text: single "1763683200000", range ["from", "to"] (either may be '').
 */
export function FilterDateInput({
  value,
  onValueChange,
  mode,
  label,
  placeholder,
  className,
}: {
  value: string | string[]
  onValueChange: (value: string | string[]) => void
  mode: 'single' | 'range'
  label: string
  placeholder?: string
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const single = mode === 'single' ? dateFromText(Array.isArray(value) ? value[0] : value) : undefined
  const range: DateRange | undefined =
    mode === 'range' && Array.isArray(value) && (value[0] || value[1])
      ? { from: dateFromText(value[0]), to: dateFromText(value[1]) }
      : undefined

  const text =
    mode === 'single'
      ? single
        ? formatFilterDate(single)
        : undefined
      : range?.from
        ? range.to
          ? `${formatFilterDate(range.from)} – ${formatFilterDate(range.to)}`
          : formatFilterDate(range.from)
        : undefined

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`${label}: ${text ?? 'no date chosen'}`}
          className={cn('h-8 w-full justify-start gap-2 px-2 text-sm font-normal', !text && 'text-muted-foreground', className)}
        >
          <CalendarIcon aria-hidden="true" />
          <span className="truncate">{text ?? placeholder ?? (mode === 'range' ? 'Pick a date range' : 'Pick a date')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-auto p-0">
        {mode === 'single' ? (
          <Calendar
            mode="single"
            autoFocus
            defaultMonth={single}
            selected={single}
            onSelect={(date) => {
              onValueChange(timestampText(date))
              setOpen(false)
            }}
          />
        ) : (
          <Calendar
            mode="range"
            autoFocus
            defaultMonth={range?.from}
            selected={range}
            onSelect={(next) => onValueChange(next ? [timestampText(next.from), timestampText(next.to)] : [])}
          />
        )}
      </PopoverContent>
    </Popover>
  )
}
