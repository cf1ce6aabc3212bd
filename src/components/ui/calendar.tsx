import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { getWeeksInMonth } from 'date-fns'
import { useState, type ComponentProps } from 'react'
import { DayPicker } from 'react-day-picker'
import { buttonVariants } from '~/components/ui/button'
import { cn } from '~/lib/utils'

/**
 * A month calendar (react-day-picker 9) styled for the dark theme with Tailwind only: the
 * library's own stylesheet is not imported (it would land in public pages too).
 * `fixedWeeks` stays off, so a month shows only the week rows it needs: 5 or 6. The
 * one month that would need only 4 (a 28-day February starting on the first day of the week)
 * is padded to 6 by turning `fixedWeeks` on for it alone.
 */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  month: monthProp,
  defaultMonth,
  onMonthChange,
  ...props
}: ComponentProps<typeof DayPicker>) {
  const [monthState, setMonthState] = useState(() => defaultMonth ?? new Date())
  const month = monthProp ?? monthState
  const weekStartsOn = props.weekStartsOn ?? 0
  const fourRows = getWeeksInMonth(month, { weekStartsOn }) < 5
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      month={month}
      onMonthChange={(next) => {
        setMonthState(next)
        onMonthChange?.(next)
      }}
      fixedWeeks={fourRows && showOutsideDays}
      className={cn('p-3 text-sm', className)}
      classNames={{
        root: 'relative w-fit',
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'flex flex-col gap-3',
        month_caption: 'flex h-8 items-center justify-center',
        caption_label: 'text-sm font-medium',
        nav: 'absolute inset-x-0 top-0 flex h-8 items-center justify-between',
        button_previous: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 p-0 disabled:opacity-30'),
        button_next: cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 p-0 disabled:opacity-30'),
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-9 text-center text-[0.8rem] font-normal text-muted-foreground',
        weeks: '',
        week: 'mt-1 flex w-full',
        day: 'relative size-9 p-0 text-center',
        day_button:
          'inline-flex size-9 items-center justify-center rounded-md text-sm font-normal transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:pointer-events-none',
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button:hover]:bg-primary [&>button:hover]:text-primary-foreground',
        range_start: 'rounded-l-md bg-accent',
        range_middle: 'bg-accent [&>button]:!bg-transparent [&>button]:!text-accent-foreground',
        range_end: 'rounded-r-md bg-accent',
        today: '[&>button]:border [&>button]:border-ring',
        outside: 'text-muted-foreground/60 [&>button]:text-muted-foreground/60',
        disabled: 'text-muted-foreground opacity-50',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: chevronClass }) =>
          orientation === 'left' ? (
            <ChevronLeftIcon aria-hidden="true" className={cn('size-4', chevronClass)} />
          ) : (
            <ChevronRightIcon aria-hidden="true" className={cn('size-4', chevronClass)} />
          ),
      }}
      {...props}
    />
  )
}
