import { useEffect, useRef, useState } from 'react'
import { dataTableConfig } from '~/shared/data-table/config'
import { useDebouncedCallback } from './use-debounced-callback'

/**
 * A table input's text: typed into a local draft and handed on 300 ms after the last key stroke
 * (the filter debounce), or at once with `flush`. `toValue` turns the draft into what is handed
 * on (e.g. trimmed); a draft that comes to what was last handed on sends nothing. A value changed
 * from outside (a link, Back, a "clear" elsewhere) replaces the draft.
 */
export function useDebouncedDraft(
  value: string,
  onValueChange: (value: string) => void,
  toValue: (draft: string) => string = (draft) => draft,
) {
  const [draft, setDraft] = useState(value)
  const sent = useRef(value)
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value
      setDraft(value)
    }
  }, [value])
  const { run, flush } = useDebouncedCallback((next: string) => {
    const text = toValue(next)
    if (text === sent.current) return
    sent.current = text
    onValueChange(text)
  }, dataTableConfig.debounceMs)
  /** The draft as typed, handed on after the debounce. */
  const type = (next: string) => {
    setDraft(next)
    run(next)
  }
  return { draft, type, flush }
}
