import { describe, expect, it } from 'vitest'
import { childrenChunks, markdownToNotionBlocks, NOTION_RICH_TEXT_MAX, notionBlockCount } from './markdown-blocks'

const plain = { bold: false, italic: false, strikethrough: false, underline: false, code: false, color: 'default' }
const text = (content: string, annotations: Partial<typeof plain> = {}, url: string | null = null) => ({
  type: 'text',
  text: { content, link: url ? { url } : null },
  annotations: { ...plain, ...annotations },
})

describe('markdownToNotionBlocks', () => {
  it('turns headings, paragraphs with annotations and links, lists, images and dividers into blocks', () => {
    const blocks: Array<Record<string, unknown>> = markdownToNotionBlocks(
      [
        '# Title',
        '## Why grip &amp; fit matter',
        'Lugs of **4 mm** hold on [mud](https://example.com/mud), *not* ~~ice~~ or `rock`.',
        '- Grip\n- Fit\n  - Heel\n    - Deeper',
        '1. Try\n2. Run',
        '- [x] Laced',
        '![Shoes on a trail](https://cdn.example.com/shoes.png)',
        '![relative](/media/x.png)',
        '> Quoted',
        '---',
        '```ts\nconst a = 1\n```',
        '| Shoe | Drop |\n|---|---|\n| A | 4 mm |',
      ].join('\n\n'),
    )
    expect(blocks.map((block) => block.type)).toEqual([
      'heading_1',
      'heading_2',
      'paragraph',
      'bulleted_list_item',
      'bulleted_list_item',
      'numbered_list_item',
      'numbered_list_item',
      'to_do',
      'image',
      'paragraph',
      'quote',
      'divider',
      'code',
      'table',
    ])
    expect(blocks[1]).toEqual({ object: 'block', type: 'heading_2', heading_2: { rich_text: [text('Why grip & fit matter')] } })
    expect(blocks[2]?.paragraph).toEqual({
      rich_text: [
        text('Lugs of '),
        text('4 mm', { bold: true }),
        text(' hold on '),
        text('mud', {}, 'https://example.com/mud'),
        text(', '),
        text('not', { italic: true }),
        text(' '),
        text('ice', { strikethrough: true }),
        text(' or '),
        text('rock', { code: true }),
        text('.'),
      ],
    })
    // The nested list is the item's children; the third level joins the second.
    expect(blocks[4]?.bulleted_list_item).toEqual({
      rich_text: [text('Fit')],
      children: [
        { object: 'block', type: 'bulleted_list_item', bulleted_list_item: { rich_text: [text('Heel')] } },
        { object: 'block', type: 'bulleted_list_item', bulleted_list_item: { rich_text: [text('Deeper')] } },
      ],
    })
    expect(blocks[7]?.to_do).toEqual({ rich_text: [text('Laced')], checked: true })
    expect(blocks[8]?.image).toEqual({
      type: 'external',
      external: { url: 'https://cdn.example.com/shoes.png' },
      caption: [text('Shoes on a trail')],
    })
    expect(blocks[9]?.paragraph).toEqual({ rich_text: [text('relative')] })
    expect(blocks[12]?.code).toEqual({ rich_text: [text('const a = 1')], language: 'typescript' })
    expect(blocks[13]?.table).toMatchObject({
      table_width: 2,
      has_column_header: true,
      children: [
        { type: 'table_row', table_row: { cells: [[text('Shoe')], [text('Drop')]] } },
        { type: 'table_row', table_row: { cells: [[text('A')], [text('4 mm')]] } },
      ],
    })
  })

  it('splits rich text at 2000 UTF-16 units (the stricter count), never inside a character', () => {
    const long = `${'a'.repeat(NOTION_RICH_TEXT_MAX - 1)}😀${'b'.repeat(10)}`
    const [block]: Array<Record<string, unknown>> = markdownToNotionBlocks(long)
    const items = (block?.paragraph as { rich_text: Array<{ text: { content: string } }> }).rich_text
    expect(items.map((item) => item.text.content.length)).toEqual([1999, 12])
    expect(items[1]?.text.content.startsWith('😀')).toBe(true)
    expect(items.map((item) => item.text.content).join('')).toBe(long)
  })

  it('makes an http image a link to it, since Notion shows external images from https addresses only', () => {
    const blocks: Array<Record<string, unknown>> = markdownToNotionBlocks('![Chart](http://app.example.com/media/chart.png)')
    expect(blocks).toEqual([
      { object: 'block', type: 'paragraph', paragraph: { rich_text: [text('Chart', {}, 'http://app.example.com/media/chart.png')] } },
    ])
  })

  it('never sends a link or image address over Notion’s 2000 characters', () => {
    const url = `https://cdn.example.com/${'a'.repeat(2000)}.png`
    const blocks: Array<Record<string, unknown>> = markdownToNotionBlocks(`![Long](${url}) and [a link](${url})`)
    expect(JSON.stringify(blocks)).not.toContain(url)
    expect(blocks).toEqual([{ object: 'block', type: 'paragraph', paragraph: { rich_text: [text('Long and a link')] } }])
  })

  it('keeps relative links as plain text, since Notion accepts only absolute URLs', () => {
    const [block]: Array<Record<string, unknown>> = markdownToNotionBlocks('See [our guide](/guides/shoes).')
    expect(block?.paragraph).toEqual({ rich_text: [text('See our guide.')] })
  })
})

describe('childrenChunks', () => {
  it('splits 250 blocks into requests of 100, 100 and 50', () => {
    expect(childrenChunks(Array.from({ length: 250 }, (_, index) => index)).map((chunk) => chunk.length)).toEqual([100, 100, 50])
  })

  it('keeps each request within Notion’s 1000 blocks, counting nested items and table rows', () => {
    // 30 list items with 50 nested items each: 51 blocks apiece, so 19 fit in one request.
    const markdown = Array.from({ length: 30 }, (_, item) =>
      [`- Item ${item}`, ...Array.from({ length: 50 }, (_, sub) => `  - Sub ${sub}`)].join('\n'),
    ).join('\n')
    const blocks = markdownToNotionBlocks(markdown)
    expect(blocks.map(notionBlockCount)).toEqual(Array.from({ length: 30 }, () => 51))
    const chunks = childrenChunks(blocks, 100, notionBlockCount)
    expect(chunks.map((chunk) => chunk.length)).toEqual([19, 11])
    expect(chunks.flat()).toEqual(blocks)
    const table = markdownToNotionBlocks(`| A |\n|---|\n${Array.from({ length: 5 }, () => '| x |').join('\n')}`)
    expect(table.map(notionBlockCount)).toEqual([7])
  })
})
