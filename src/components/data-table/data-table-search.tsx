import { SearchIcon, XIcon } from 'lucide-react'
import { useRef } from 'react'
import { Input } from '~/components/ui/input'
import { cn } from '~/lib/utils'
import { useDebouncedDraft } from './use-debounced-draft'

/**
 * A table's text search, for its toolbar: typed into a local draft and handed on trimmed 300 ms
 * after the last key stroke (the filter debounce), at once on Enter; Escape or the clear button
 * empties it and hands that on at once (the clear button gives the focus back to the box). A
 * value changed from outside (a link, Back, a "clear" elsewhere) replaces the draft; the draft's
 * own spaces, trimmed away in what is handed on, are kept while typing.
 */
export function DataTableSearch({
  value,
  onValueChange,
  label,
  placeholder,
  clearLabel = 'Clear the search',
  maxLength,
  className,
}: {
  value: string
  onValueChange: (value: string) => void
  /** Accessible name, e.g. "Search queries". */
  label: string
  placeholder?: string
  /** The clear button's accessible name, e.g. "Clear the queries search". */
  clearLabel?: string
  maxLength?: number
  className?: string
}) {
  const { draft, type, flush } = useDebouncedDraft(value, onValueChange, (draft) => draft.trim())
  const input = useRef<HTMLInputElement>(null)
  const clear = () => {
    type('')
    flush()
  }

  return (
    <div className={cn('relative w-full sm:w-72', className)}>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={input}
        type="search"
        aria-label={label}
        placeholder={placeholder ?? `${label}…`}
        maxLength={maxLength}
        autoComplete="off"
        spellCheck={false}
        className="h-8 pr-8 pl-8 [&::-webkit-search-cancel-button]:appearance-none"
        value={draft}
        onChange={(event) => type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush()
          if (event.key === 'Escape' && draft !== '') {
            event.preventDefault()
            clear()
          }
        }}
      />
      {draft !== '' && (
        <button
          type="button"
          aria-label={clearLabel}
          title="Clear"
          onClick={() => {
            clear()
            input.current?.focus()
          }}
          className="absolute top-1/2 right-1 flex size-6 -translate-y-1/2 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <XIcon aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  )
}
