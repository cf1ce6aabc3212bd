import { afterEach, describe, expect, it } from 'vitest'
import { globalSlot, singleton } from './singleton'

const KEY = '__rankpilotSingletonTest'

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[KEY]
})

describe('singleton', () => {
  it('makes the value once and keeps it on globalThis under its key', () => {
    let made = 0
    const first = singleton(KEY, () => ({ made: ++made }))
    const second = singleton(KEY, () => ({ made: ++made }))
    expect(second).toBe(first)
    expect(made).toBe(1)
    expect((globalThis as Record<string, unknown>)[KEY]).toBe(first)
  })

  it('makes it again once the key was cleared', () => {
    const slot = globalSlot<{ n: number }>(KEY)
    const first = singleton(KEY, () => ({ n: 1 }))
    expect(slot.get()).toBe(first)
    slot.set(undefined)
    expect(slot.get()).toBeUndefined()
    expect(singleton(KEY, () => ({ n: 2 }))).toEqual({ n: 2 })
  })

  it('finds what another copy of a module kept under the same key', () => {
    globalSlot<string>(KEY).set('kept')
    expect(singleton(KEY, () => 'new')).toBe('kept')
  })
})
