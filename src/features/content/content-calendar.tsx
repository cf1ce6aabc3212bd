import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDndMonitor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CalendarDaysIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Suspense, useMemo, useRef } from 'react'
import { EmptyState } from '~/components/empty-state'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc, type RpcClient } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import { ARTICLE_STATUS_LABELS, type ArticleStatus } from '~/shared/articles/article'
import { calendarQuery } from './content-queries'
import { monthOf, openingMonth, shiftMonth } from './content-search'
import { DAY_MS } from '~/shared/time'

type CalendarData = Awaited<ReturnType<RpcClient['article']['calendar']>>
type CalendarEntry = CalendarData['entries'][number]

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

/** Each status's colours; a keyword not written yet is "Planned". */
const TONES: Record<ArticleStatus | 'planned', string> = {
  planned: 'border-dashed border-border bg-transparent text-muted-foreground',
  draft: 'border-sky-500/40 bg-sky-500/10 text-sky-100',
  held: 'border-amber-500/50 bg-amber-500/15 text-amber-100',
  approved: 'border-violet-500/50 bg-violet-500/15 text-violet-100',
  published: 'border-green-500/40 bg-green-500/15 text-green-100',
  archived: 'border-border bg-muted/40 text-muted-foreground line-through',
}
const LABELS: Record<ArticleStatus | 'planned', string> = { planned: 'Planned', ...ARTICLE_STATUS_LABELS }

const dayKey = (date: Date | string) => new Date(date).toISOString().slice(0, 10)
const toneOf = (entry: CalendarEntry) => entry.status ?? 'planned'
/** A published article's day is history; the plan moves everything else. */
const movable = (entry: CalendarEntry) => entry.status !== 'published' && entry.keywordStatus !== 'published' && entry.status !== 'archived'

/** The UTC day `days` after `day` (before it when negative). */
function shiftDay(day: string, days: number): string {
  return dayKey(new Date(new Date(`${day}T00:00:00.000Z`).getTime() + days * DAY_MS))
}

/** Arrow keys move a picked-up entry a day (left, right) or a week (up, down). */
const ARROW_DAYS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }

/**
 * Where an arrow key takes the entry picked up from the keyboard: the next day in that direction
 * it may move to (a past day is skipped), inside the month shown; nowhere past its edge.
 */
const calendarKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = ARROW_DAYS[event.code]
  if (!step) return undefined
  event.preventDefault()
  const entry = context.active?.data.current as CalendarEntry | undefined
  if (!entry) return undefined
  let day = typeof context.over?.id === 'string' ? context.over.id : dayKey(entry.scheduledAt)
  for (let tries = 0; tries < 62; tries++) {
    day = shiftDay(day, step)
    const cell = context.droppableContainers.get(day)
    if (!cell) return undefined
    const rect = context.droppableRects.get(day)
    // Inside the day's cell, below its date.
    if (!cell.disabled && rect) return { x: rect.left + 6, y: rect.top + 32 }
  }
  return undefined
}

const entryName = (entry: CalendarEntry | undefined) => `“${entry?.title ?? entry?.keyword ?? ''}”`
const overDay = (id: string | number | undefined) => (typeof id === 'string' ? longDay(id) : 'no day')

/** What a screen reader hears while an entry is moved (dnd-kit's live region). */
const ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Picked up ${entryName(active.data.current as CalendarEntry)}.`,
  onDragOver: ({ active, over }) => `${entryName(active.data.current as CalendarEntry)} is over ${overDay(over?.id)}.`,
  onDragEnd: ({ active, over }) =>
    over ? `${entryName(active.data.current as CalendarEntry)} was moved to ${overDay(over.id)}.` : 'Not moved.',
  onDragCancel: ({ active }) => `Moving ${entryName(active.data.current as CalendarEntry)} was cancelled.`,
}
const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move this planned keyword to another day, press Space or Enter. Arrow keys move it a day (left, right) or a week (up, down); Space or Enter drops it there, Escape cancels.',
}

/** The weeks (Monday first) covering a month, as UTC days; days outside the month are null. */
export function monthGrid(month: string): Array<Array<string | null>> {
  const first = new Date(`${month}-01T00:00:00.000Z`)
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  const lead = (first.getUTCDay() + 6) % 7
  const cells: Array<string | null> = [...Array<null>(lead).fill(null)]
  for (let day = 1; day <= days; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`)
  while (cells.length % 7 !== 0) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const longDay = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })

/**
 * The content calendar: the month's planned keywords on their days, written ones as their
 * article in its status colour. Drag one to another day (from tomorrow on) to reschedule it;
 * each opens its article. On a phone the month is a list of its days with something planned.
 */
export function ContentCalendar({
  businessId,
  month: chosen,
  onMonthChange,
}: {
  businessId: string
  month: string | null
  onMonthChange: (month: string) => void
}) {
  const thisMonth = monthOf(new Date())
  // Without a month in the address, the current month's answer says where the plan goes on (the
  // route's loader has fetched it).
  const opening = useQuery({ ...calendarQuery(businessId, thisMonth), enabled: chosen === null })
  const month = chosen ?? openingMonth(thisMonth, opening.data?.nextPlanned)
  return (
    <Card className="overflow-hidden">
      <CalendarHeader month={month} thisMonth={thisMonth} onMonthChange={onMonthChange} />
      {/* A month the route has not fetched yet (the opening month once known) loads under the header. */}
      <Suspense fallback={<CalendarSkeleton />}>
        <CalendarMonth businessId={businessId} month={month} />
      </Suspense>
    </Card>
  )
}

function CalendarHeader({ month, thisMonth, onMonthChange }: { month: string; thisMonth: string; onMonthChange: (month: string) => void }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-border p-3">
      <h2 className="text-lg font-semibold" aria-live="polite">
        {monthLabel(month)}
      </h2>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="icon" aria-label="Previous month" onClick={() => onMonthChange(shiftMonth(month, -1))}>
          <ChevronLeftIcon className="size-4" aria-hidden />
        </Button>
        <Button variant="outline" size="sm" onClick={() => onMonthChange(thisMonth)} disabled={month === thisMonth}>
          Today
        </Button>
        <Button variant="outline" size="icon" aria-label="Next month" onClick={() => onMonthChange(shiftMonth(month, 1))}>
          <ChevronRightIcon className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  )
}

function CalendarSkeleton() {
  return (
    <div className="grid gap-2 p-3" aria-label="Loading the calendar">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  )
}

/**
 * Moves a keyword (with its article) to another day: the month shows the move at once and takes it
 * back if the server refuses it; the plan's queries are fetched again either way.
 */
function useReschedule(businessId: string, month: string) {
  const queryClient = useQueryClient()
  const key = calendarQuery(businessId, month).queryKey
  return useMutation(
    orpc.keyword.reschedule.mutationOptions({
      onMutate: async ({ keywordId, date }) => {
        await queryClient.cancelQueries({ queryKey: key })
        const previous = queryClient.getQueryData<CalendarData>(key)
        if (previous) {
          const moved = previous.entries.map((entry) =>
            entry.keywordId === keywordId ? { ...entry, scheduledAt: new Date(`${date}T09:00:00.000Z`) } : entry,
          )
          queryClient.setQueryData<CalendarData>(key, {
            ...previous,
            entries: moved.filter((entry) => monthOf(entry.scheduledAt) === month),
          })
        }
        return { previous }
      },
      onError: (_error, _input, context) => {
        if (context?.previous) queryClient.setQueryData(key, context.previous)
      },
      onSuccess: (_result, { date }) => toast.success(`Rescheduled to ${longDay(date)}`),
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: orpc.article.key() }),
          queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
        ]),
    }),
  )
}

/** The month's entries: the grid on wide screens, the list of planned days on phones, and the legend. */
function CalendarMonth({ businessId, month }: { businessId: string; month: string }) {
  const today = dayKey(new Date())
  const { data } = useSuspenseQuery(calendarQuery(businessId, month))
  const reschedule = useReschedule(businessId, month)
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarEntry[]>()
    for (const entry of data.entries) {
      const day = dayKey(entry.scheduledAt)
      map.set(day, [...(map.get(day) ?? []), entry])
    }
    return map
  }, [data])

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const entry = active.data.current as CalendarEntry | undefined
    const day = over?.id
    if (!entry || typeof day !== 'string' || day === dayKey(entry.scheduledAt)) return
    reschedule.mutate({ businessId, keywordId: entry.keywordId, date: day })
  }

  const plannedDays = [...byDay.keys()].sort()
  return (
    <>
      <MonthGrid month={month} today={today} byDay={byDay} onDragEnd={onDragEnd} />
      {/* Phones: the month's days with something planned, as a list. */}
      <div className="md:hidden" data-testid="content-agenda">
        {plannedDays.length === 0 ? <EmptyMonth /> : <MonthAgenda days={plannedDays} today={today} byDay={byDay} />}
      </div>
      {plannedDays.length === 0 && (
        <div className="hidden border-t border-border md:block">
          <EmptyMonth />
        </div>
      )}
      <Legend />
    </>
  )
}

/** Wide screens: the month grid, with drag and drop. */
function MonthGrid({
  month,
  today,
  byDay,
  onDragEnd,
}: {
  month: string
  today: string
  byDay: Map<string, CalendarEntry[]>
  onDragEnd: (event: DragEndEvent) => void
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: calendarKeyboardCoordinates }),
  )
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: ANNOUNCEMENTS, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
    >
      <div className="hidden md:block" role="grid" aria-label={`Content calendar, ${monthLabel(month)}`} data-testid="content-calendar">
        <div role="row" className="grid grid-cols-7 border-b border-border text-xs font-medium text-muted-foreground">
          {WEEKDAYS.map((weekday) => (
            <div key={weekday} role="columnheader" className="px-2 py-1.5">
              {weekday}
            </div>
          ))}
        </div>
        {monthGrid(month).map((week, index) => (
          <div key={index} role="row" className="grid grid-cols-7 border-b border-border last:border-b-0">
            {week.map((day, column) =>
              day ? (
                <DayCell key={day} day={day} today={today} entries={byDay.get(day) ?? []} />
              ) : (
                <div key={`empty-${column}`} role="gridcell" className="min-h-28 border-r border-border bg-muted/20 last:border-r-0" />
              ),
            )}
          </div>
        ))}
      </div>
    </DndContext>
  )
}

/** Phones: the days with something planned, each with its entries. */
function MonthAgenda({ days, today, byDay }: { days: string[]; today: string; byDay: Map<string, CalendarEntry[]> }) {
  return (
    <ol className="divide-y divide-border">
      {days.map((day) => (
        <li key={day} className="p-3">
          <p className={cn('mb-2 text-sm font-medium', day === today ? 'text-primary' : 'text-muted-foreground')}>
            {longDay(day)}
            {day === today && ' · Today'}
          </p>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-1.5">
            {(byDay.get(day) ?? []).map((entry) => (
              <li key={entry.keywordId} className="min-w-0">
                <EntryChip entry={entry} roomy />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  )
}

function EmptyMonth() {
  return (
    <EmptyState
      icon={CalendarDaysIcon}
      title="Nothing planned this month"
      description="Keyword research plans a month of articles at a time, one a day. Run it from the Keywords page, or move to a month with a plan."
    />
  )
}

function DayCell({ day, today, entries }: { day: string; today: string; entries: CalendarEntry[] }) {
  const past = day <= today
  const { setNodeRef, isOver } = useDroppable({ id: day, disabled: past })
  const date = Number(day.slice(8))
  return (
    <div
      ref={setNodeRef}
      role="gridcell"
      aria-label={`${longDay(day)}${entries.length > 0 ? `, ${entries.length} planned` : ''}`}
      data-day={day}
      className={cn(
        'min-h-28 min-w-0 border-r border-border p-1.5 last:border-r-0',
        past && 'bg-muted/10',
        isOver && 'bg-primary/10 ring-2 ring-primary ring-inset',
      )}
    >
      <div className="mb-1 flex items-center justify-between text-xs">
        <span
          className={cn(
            'inline-flex size-6 items-center justify-center rounded-full tabular-nums',
            day === today ? 'bg-primary font-semibold text-primary-foreground' : past ? 'text-muted-foreground' : 'text-foreground',
          )}
          aria-current={day === today ? 'date' : undefined}
        >
          {date}
        </span>
      </div>
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
        {entries.map((entry) => (
          <li key={entry.keywordId} className="min-w-0">
            {movable(entry) ? <DraggableChip entry={entry} /> : <EntryChip entry={entry} />}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * An entry that may move. A planned keyword (no article yet) is itself the control: focus it and
 * move it with the keyboard (dnd-kit's keyboard sensor, calendarKeyboardCoordinates). An article's
 * chip is its link, the keyboard's way to the article and its Reschedule; dragging it is for the
 * pointer.
 */
function DraggableChip({ entry }: { entry: CalendarEntry }) {
  const { setNodeRef, listeners, attributes, transform, isDragging } = useDraggable({ id: entry.keywordId, data: entry })
  // The chip follows the pointer, so the release of a drag lands on its own link: that click is
  // the end of the drag, not a request to open the article.
  const dragged = useRef(false)
  const settle = () => setTimeout(() => (dragged.current = false), 0)
  useDndMonitor({
    onDragStart: ({ active }) => {
      if (active.id === entry.keywordId) dragged.current = true
    },
    onDragEnd: settle,
    onDragCancel: settle,
  })
  const keyboard = entry.articleId
    ? { tabIndex: -1, role: 'presentation' }
    : { 'aria-label': `Move ${entryName(entry)}, planned for ${longDay(dayKey(entry.scheduledAt))}` }
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      {...keyboard}
      onClickCapture={(event) => {
        if (!dragged.current) return
        event.preventDefault()
        event.stopPropagation()
      }}
      style={transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined}
      className={cn(
        'cursor-grab touch-none rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        isDragging && 'relative z-10 cursor-grabbing opacity-80 shadow-lg',
      )}
    >
      <EntryChip entry={entry} />
    </div>
  )
}

/** One day's article or planned keyword; `roomy` (the phone's list) shows the whole title, the grid two lines of it. */
function EntryChip({ entry, roomy = false }: { entry: CalendarEntry; roomy?: boolean }) {
  const tone = toneOf(entry)
  const text = entry.title ?? entry.keyword
  const className = cn(
    'block rounded-md border px-1.5 py-0.5 leading-5 break-words',
    roomy ? 'px-2 py-1 text-sm' : 'line-clamp-2 text-xs',
    TONES[tone],
  )
  const label = `${text} (${LABELS[tone]})`
  if (entry.articleId) {
    return (
      <Link
        to="/content/$articleId"
        params={{ articleId: entry.articleId }}
        className={cn(className, 'hover:brightness-125')}
        title={label}
        aria-label={label}
        data-testid="calendar-entry"
        draggable={false}
      >
        {text}
      </Link>
    )
  }
  return (
    <span className={className} title={`${entry.keyword}: planned; its article is written a few days before`} data-testid="calendar-entry">
      {text}
    </span>
  )
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1.5 border-t border-border p-3 text-xs text-muted-foreground" aria-label="Status colours">
      {(Object.keys(LABELS) as Array<keyof typeof LABELS>).map((tone) => (
        <li key={tone} className="flex items-center gap-1.5">
          <span className={cn('inline-block size-3 rounded-sm border', TONES[tone])} aria-hidden />
          {LABELS[tone]}
        </li>
      ))}
      <li className="hidden md:block">
        Drag an article to another day to reschedule it; a planned keyword also moves with the keyboard (Space, then the arrow keys).
      </li>
    </ul>
  )
}
