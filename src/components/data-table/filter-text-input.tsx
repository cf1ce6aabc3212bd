import { Input } from '~/components/ui/input'
import { cn } from '~/lib/utils'
import { useDebouncedDraft } from './use-debounced-draft'

/**
 * Text and number values: typed into a local draft, handed on 300 ms after the last key stroke
 * (the filter debounce), at once on Enter or blur. A value changed from outside replaces the draft.
 */
export function FilterTextInput({
  id,
  value,
  onValueChange,
  type = 'text',
  placeholder,
  unit,
  label,
  className,
}: {
  id?: string
  value: string
  onValueChange: (value: string) => void
  type?: 'text' | 'number'
  placeholder?: string
  unit?: string
  /** Accessible name, e.g. "Search volume value". */
  label: string
  className?: string
}) {
  const { draft, type: typeDraft, flush } = useDebouncedDraft(value, onValueChange)

  return (
    <div className={cn('relative w-full', className)}>
      <Input
        id={id}
        type={type}
        inputMode={type === 'number' ? 'decimal' : undefined}
        aria-label={label}
        placeholder={placeholder ?? 'Enter a value...'}
        className={cn('h-8 w-full', unit && 'pr-8')}
        value={draft}
        onChange={(event) => typeDraft(event.target.value)}
        onBlur={() => flush()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush()
        }}
      />
      {unit ? (
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-2 flex items-center text-xs text-muted-foreground">
          {unit}
        </span>
      ) : null}
    </div>
  )
}
