import { Badge } from '~/components/ui/badge'
import { cn } from '~/lib/utils'
import {
  difficultyColour,
  KEYWORD_STATUS_LABELS,
  priorityBand,
  SEARCH_INTENT_LABELS,
  type DifficultyColour,
  type KeywordStatus,
  type PriorityBand,
  type SearchIntent,
} from '~/shared/keywords'
import { KEYWORD_SOURCE_LABELS, type KeywordSource } from '~/shared/research'
import { EMPTY_CELL, formatPercent } from './keyword-format'

const Empty = () => <span className="text-muted-foreground">{EMPTY_CELL}</span>

/** Draft gray, scheduled blue, published green, archived amber, pending gray (docs/product/keywords-table.md). */
export const STATUS_CLASSES: Record<KeywordStatus, string> = {
  draft: 'bg-gray-500/20 text-gray-300',
  scheduled: 'bg-blue-500/20 text-blue-300',
  published: 'bg-green-500/20 text-green-300',
  archived: 'bg-amber-500/20 text-amber-300',
  pending: 'bg-gray-500/20 text-gray-300',
}

export function KeywordStatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return <Empty />
  const known = status in STATUS_CLASSES ? (status as KeywordStatus) : undefined
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn('border-transparent', known ? STATUS_CLASSES[known] : STATUS_CLASSES.pending)}
    >
      {known ? KEYWORD_STATUS_LABELS[known] : status}
    </Badge>
  )
}

export function SearchIntentBadge({ intent }: { intent: string | null | undefined }) {
  if (!intent) return <Empty />
  const label = intent in SEARCH_INTENT_LABELS ? SEARCH_INTENT_LABELS[intent as SearchIntent] : intent
  return <Badge variant="outline">{label}</Badge>
}

/** Where the keyword came from, by its label ("Business profile", "Added by you", …). */
export function KeywordSourceBadge({ source }: { source: string | null | undefined }) {
  if (!source) return <Empty />
  const label = source in KEYWORD_SOURCE_LABELS ? KEYWORD_SOURCE_LABELS[source as KeywordSource] : source
  return (
    <Badge variant="secondary" data-source={source}>
      {label}
    </Badge>
  )
}

/** The keyword's topic cluster, by its label; cut to the column's width with the whole label on hover. */
export function TopicLabel({ label }: { label: string | null | undefined }) {
  if (!label) return <Empty />
  return (
    <span className="block truncate" title={label}>
      {label}
    </span>
  )
}

const DIFFICULTY_CLASSES: Record<DifficultyColour, string> = {
  green: 'text-green-400',
  yellow: 'text-yellow-400',
  red: 'text-red-400',
}

/** Green at 30 or below, yellow at 60 or below, red above (docs/product/keywords-table.md). */
export function DifficultyValue({ difficulty }: { difficulty: number | null | undefined }) {
  const colour = difficultyColour(difficulty)
  if (!colour) return <Empty />
  return (
    <span className={cn('inline-flex items-center gap-1.5 tabular-nums', DIFFICULTY_CLASSES[colour])} data-colour={colour}>
      <span aria-hidden="true" className="size-2 rounded-full bg-current" />
      {formatPercent(difficulty)}
    </span>
  )
}

const PRIORITY_LABELS: Record<PriorityBand, string> = { high: 'High', medium: 'Medium', low: 'Low' }
const PRIORITY_CLASSES: Record<PriorityBand, string> = {
  high: 'bg-violet-500/20 text-violet-200',
  medium: 'bg-slate-500/20 text-slate-200',
  low: 'bg-slate-700/40 text-slate-400',
}

/** High 80–100, medium 40–79, low 0–39 (docs/product/keywords-table.md). */
export function PriorityBadge({ priority }: { priority: number | null | undefined }) {
  const band = priorityBand(priority)
  if (!band) return <Empty />
  return (
    <Badge variant="outline" title={`Priority ${priority}`} data-band={band} className={cn('border-transparent', PRIORITY_CLASSES[band])}>
      {PRIORITY_LABELS[band]}
    </Badge>
  )
}
