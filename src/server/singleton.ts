/**
 * Values kept once per process on globalThis under a fixed key. Vite's hot module reload and
 * test module resets run a module again; a value kept here is found by the new copy instead of
 * being made twice (a second database, job queue or network interceptor).
 */
const slots = globalThis as unknown as Record<string, unknown>

/** The value under `key`, made by `create` when the key holds none (null or undefined). */
export function singleton<T>(key: string, create: () => T): T {
  return (slots[key] ??= create()) as T
}

/** Reads and replaces what `key` holds, for values started and stopped on purpose; set undefined to clear. */
export function globalSlot<T>(key: string) {
  return {
    get: () => slots[key] as T | undefined,
    set: (value: T | undefined) => {
      slots[key] = value
    },
  }
}
