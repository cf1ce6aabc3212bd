import { describe, expect, it } from 'vitest'
import { filterListShortcutOf, isTypingTarget } from './filter-list-shortcuts'

describe('isTypingTarget', () => {
  it('is false for non-elements and buttons, true for inputs and editable content', () => {
    expect(isTypingTarget(null)).toBe(false)
    const fake = (tagName: string, isContentEditable = false) =>
      ({ tagName, isContentEditable, closest: () => null }) as unknown as EventTarget
    expect(isTypingTarget(fake('BUTTON'))).toBe(false)
    expect(isTypingTarget(fake('INPUT'))).toBe(true)
    expect(isTypingTarget(fake('TEXTAREA'))).toBe(true)
    expect(isTypingTarget(fake('DIV', true))).toBe(true)
  })
})

describe('filterListShortcutOf (f opens the list, Shift+f removes the last filter)', () => {
  const press = (key: string, over: Partial<Parameters<typeof filterListShortcutOf>[0]> = {}) =>
    filterListShortcutOf({
      key,
      shiftKey: false,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      repeat: false,
      defaultPrevented: false,
      target: null,
      ...over,
    })
  const input = { tagName: 'INPUT', isContentEditable: false, closest: () => null } as unknown as EventTarget

  it('maps f and Shift+f (either case)', () => {
    expect(press('f')).toBe('open')
    expect(press('F', { shiftKey: true })).toBe('removeLast')
  })

  it('ignores other keys, modified or repeated presses, handled events and typing', () => {
    expect(press('g')).toBeUndefined()
    expect(press('f', { ctrlKey: true })).toBeUndefined()
    expect(press('f', { metaKey: true })).toBeUndefined()
    expect(press('f', { altKey: true })).toBeUndefined()
    expect(press('f', { repeat: true })).toBeUndefined()
    expect(press('f', { defaultPrevented: true })).toBeUndefined()
    expect(press('f', { target: input })).toBeUndefined()
    const option = {
      tagName: 'DIV',
      isContentEditable: false,
      closest: (selector: string) => (selector.includes('contenteditable') ? null : {}),
    }
    expect(press('f', { target: option as unknown as EventTarget })).toBeUndefined()
    const button = { tagName: 'BUTTON', isContentEditable: false, closest: () => null } as unknown as EventTarget
    expect(press('f', { target: button })).toBe('open')
  })
})
