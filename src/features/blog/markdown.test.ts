import { describe, expect, it } from 'vitest'
import { isSafeHref, parseInline, parseMarkdown, plainText, slugify } from './markdown'

describe('parseInline', () => {
  it('keeps plain text as one node', () => {
    expect(parseInline('Just words.')).toEqual([{ type: 'text', text: 'Just words.' }])
  })

  it('parses strong, emphasis, code and links', () => {
    expect(parseInline('A **bold** and *soft* `rel="canonical"` [link](/blog/x).')).toEqual([
      { type: 'text', text: 'A ' },
      { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
      { type: 'text', text: ' and ' },
      { type: 'em', children: [{ type: 'text', text: 'soft' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'rel="canonical"' },
      { type: 'text', text: ' ' },
      { type: 'link', href: '/blog/x', children: [{ type: 'text', text: 'link' }] },
      { type: 'text', text: '.' },
    ])
  })

  it('nests emphasis inside strong text and links', () => {
    expect(parseInline('**Relevant and *weak*: first.**')).toEqual([
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'Relevant and ' },
          { type: 'em', children: [{ type: 'text', text: 'weak' }] },
          { type: 'text', text: ': first.' },
        ],
      },
    ])
    expect(parseInline('[**Guide**](https://example.com/a)')).toEqual([
      { type: 'link', href: 'https://example.com/a', children: [{ type: 'strong', children: [{ type: 'text', text: 'Guide' }] }] },
    ])
  })

  it('keeps unclosed markers and brackets that are not links as text', () => {
    expect(plainText(parseInline('2 * 3 and **open and `tick'))).toBe('2 * 3 and **open and `tick')
    expect(parseInline('search *[brand] login*')).toEqual([
      { type: 'text', text: 'search ' },
      { type: 'em', children: [{ type: 'text', text: '[brand] login' }] },
    ])
  })

  it('never makes a link of an unsafe address', () => {
    expect(parseInline('[click](javascript:alert(1))').some((node) => node.type === 'link')).toBe(false)
    expect(isSafeHref('//evil.example')).toBe(false)
    for (const href of ['/blog/a', '#section', 'https://example.com', 'http://example.com', 'mailto:a@b.c'])
      expect(isSafeHref(href), href).toBe(true)
  })
})

describe('parseMarkdown', () => {
  it('parses headings with unique ids, paragraphs, lists, notes and image markers', () => {
    const blocks = parseMarkdown(`
Intro line one
continues here.

## Step 1: Start *here*

- first item
  continued
- second item

1. one
2. two

> A note.

[[image 1]]

### Step 1: Start here
`)
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Intro line one continues here.' }] },
      {
        type: 'heading',
        level: 2,
        id: 'step-1-start-here',
        children: [
          { type: 'text', text: 'Step 1: Start ' },
          { type: 'em', children: [{ type: 'text', text: 'here' }] },
        ],
      },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'first item continued' }], [{ type: 'text', text: 'second item' }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]] },
      { type: 'note', children: [{ type: 'text', text: 'A note.' }] },
      { type: 'image', index: 1 },
      { type: 'heading', level: 3, id: 'step-1-start-here-2', children: [{ type: 'text', text: 'Step 1: Start here' }] },
    ])
  })

  it('ends a list at a line that is not an item', () => {
    expect(parseMarkdown('- a\nAfter.').map((block) => block.type)).toEqual(['list', 'paragraph'])
  })

  it('returns nothing for an empty body', () => {
    expect(parseMarkdown('\n\n')).toEqual([])
  })
})

describe('slugify', () => {
  it.each([
    ['Step 1: Start from your customers, not from a tool', 'step-1-start-from-your-customers-not-from-a-tool'],
    ['What “cannibalisation” is', 'what-cannibalisation-is'],
    ['Café & crème', 'cafe-creme'],
  ])('%s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug)
  })
})
