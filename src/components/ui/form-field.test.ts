import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FormField } from './form-field'

// Side by side in a form grid, a field stretched to a taller neighbour (one with a hint line)
// must keep its label and input at the top, level with the neighbour's.
describe('FormField', () => {
  it('stacks its rows from the top, whatever height its grid cell gets', () => {
    const html = renderToString(h(FormField, { label: 'Business name', name: 'name' }))
    const root = /^<div data-slot="form-field" class="([^"]*)"/.exec(html)
    expect(root?.[1].split(' ')).toEqual(expect.arrayContaining(['grid', 'content-start']))
  })

  it('links the hint to the input, so a screen reader reads it with the field', () => {
    const html = renderToString(h(FormField, { label: 'Password', id: 'pw', hint: 'At least 8 characters (up to 128).' }))
    expect(html).toContain('aria-describedby="pw-hint"')
    expect(html).toContain('<p id="pw-hint" class="text-xs text-muted-foreground">At least 8 characters (up to 128).</p>')
  })
})
