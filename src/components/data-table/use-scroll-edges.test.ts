import { describe, expect, it } from 'vitest'
import { scrollEdges } from './use-scroll-edges'

describe('scrollEdges', () => {
  it('a table that fits hides nothing', () => {
    expect(scrollEdges(0, 900, 900)).toEqual({ before: false, after: false })
  })

  it('a wider table at the start hides columns on the right only', () => {
    expect(scrollEdges(0, 908, 1275)).toEqual({ before: false, after: true })
  })

  it('scrolled to the end hides columns on the left only, ignoring a pixel of rounding', () => {
    expect(scrollEdges(366.5, 908, 1275)).toEqual({ before: true, after: false })
  })

  it('in the middle hides both sides', () => {
    expect(scrollEdges(100, 908, 1275)).toEqual({ before: true, after: true })
  })
})
