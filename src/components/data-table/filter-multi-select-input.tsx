import { CheckIcon } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from '~/components/ui/command'
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover'
import { cn } from '~/lib/utils'
import type { ColumnOption } from './column-meta'

/** Past this many chosen options the trigger shows "N selected" instead of badges. */
export const MAX_BADGES = 2

/** What the trigger shows: the chosen labels as badges, or one "N selected" when more than 2. */
export function multiSelectSummary(selected: readonly string[], options: readonly ColumnOption[]): string[] {
  if (selected.length > MAX_BADGES) return [`${selected.length} selected`]
  return selected.map((value) => options.find((option) => option.value === value)?.label ?? value)
}

export function toggleOption(selected: readonly string[], value: string): string[] {
  return selected.includes(value) ? selected.filter((item) => item !== value) : [...selected, value]
}

/** Several options, each with a check box (multiSelect variant). Value: the chosen option values. */
export function FilterMultiSelectInput({
  value,
  onValueChange,
  options,
  label,
  placeholder = 'Select options...',
  className,
}: {
  value: string | string[]
  onValueChange: (value: string[]) => void
  options: ColumnOption[]
  label: string
  placeholder?: string
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const selected = Array.isArray(value) ? value : value ? [value] : []
  const summary = multiSelectSummary(selected, options)
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`${label}: ${selected.length === 0 ? 'none chosen' : summary.join(', ')}`}
          className={cn('h-8 w-full justify-start gap-1 overflow-hidden px-2 text-sm font-normal', className)}
        >
          {summary.length === 0 ? (
            <span className="text-muted-foreground">{placeholder}</span>
          ) : (
            summary.map((text) => (
              <Badge key={text} variant="secondary" className="rounded-sm px-1 font-normal">
                {text}
              </Badge>
            ))
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-[200px] p-0">
        <Command>
          <CommandInput placeholder={`Search ${label.toLowerCase()}...`} aria-label={`Search ${label}`} />
          <CommandList>
            <CommandEmpty>No options found.</CommandEmpty>
            <CommandGroup>
              {options.map((option) => {
                const checked = selected.includes(option.value)
                return (
                  <CommandItem
                    key={option.value}
                    value={option.value}
                    keywords={[option.label]}
                    role="option"
                    aria-selected={checked}
                    onSelect={() => onValueChange(toggleOption(selected, option.value))}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex size-4 items-center justify-center rounded-[4px] border border-input',
                        checked && 'border-primary bg-primary text-primary-foreground',
                      )}
                    >
                      {checked ? <CheckIcon className="size-3.5" /> : null}
                    </span>
                    <span className="truncate">{option.label}</span>
                    {option.count !== undefined ? (
                      <span className="ml-auto font-mono text-xs text-muted-foreground">{option.count}</span>
                    ) : null}
                  </CommandItem>
                )
              })}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  )
}
