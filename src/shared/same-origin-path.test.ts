import { describe, expect, it } from 'vitest'
import { isSameOriginPath } from './same-origin-path'

describe('isSameOriginPath', () => {
  it.each(['/', '/setup', '/setup?checkout=true', '/blog/a-b#c'])('accepts %j', (path) => {
    expect(isSameOriginPath(path)).toBe(true)
  })

  it.each(['', 'setup', 'https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/a\u0000'])(
    'refuses %j',
    (path) => {
      expect(isSameOriginPath(path)).toBe(false)
    },
  )
})
