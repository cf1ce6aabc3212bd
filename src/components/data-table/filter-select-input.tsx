import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { cn } from '~/lib/utils'
import type { ColumnOption } from './column-meta'

export const BOOLEAN_OPTIONS: ColumnOption[] = [
  { label: 'True', value: 'true' },
  { label: 'False', value: 'false' },
]

/** One option (select variant), or true/false (boolean variant). Value '' means none chosen. */
export function FilterSelectInput({
  value,
  onValueChange,
  options,
  label,
  placeholder = 'Select an option...',
  className,
}: {
  value: string
  onValueChange: (value: string) => void
  options: ColumnOption[]
  label: string
  placeholder?: string
  className?: string
}) {
  return (
    <Select value={value === '' ? undefined : value} onValueChange={onValueChange}>
      <SelectTrigger size="sm" aria-label={label} className={cn('h-8 w-full', className)}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
            {option.count !== undefined ? <span className="ml-auto font-mono text-xs text-muted-foreground">{option.count}</span> : null}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
