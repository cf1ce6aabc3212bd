import { afterEach, describe, expect, it } from 'vitest'
import { notionHandlers, notionMock } from './mock'
import { useMockServer } from '~tests/fixtures/mock-server'

useMockServer(...notionHandlers())
const parent = { page_id: '1f2e3d4c-0000-4000-8000-00000000abcd' }

afterEach(() => {
  notionMock.reset()
})

const paragraph = (content: string) => ({
  object: 'block',
  type: 'paragraph',
  paragraph: { rich_text: [{ type: 'text', text: { content } }] },
})

const createPage = (
  body: unknown,
  headers: Record<string, string> = { Authorization: 'Bearer ntn_demo', 'Notion-Version': '2025-09-03' },
) =>
  fetch('https://api.notion.com/v1/pages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

const page = (children: unknown[]) => ({ parent, properties: { title: { title: [{ text: { content: 'Camping Checklist' } }] } }, children })

describe('Notion mock', () => {
  it('creates a page and records its blocks', async () => {
    const response = await createPage(page([paragraph('a'.repeat(2000))]))
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toMatchObject({ object: 'page', parent: { type: 'page_id', ...parent }, archived: false })
    expect(body.url).toBe(`https://www.notion.so/Camping-Checklist-${String(body.id).replaceAll('-', '')}`)
    expect(notionMock.pages).toEqual([expect.objectContaining({ title: 'Camping Checklist', children: [paragraph('a'.repeat(2000))] })])
  })

  it.each([
    [
      '101 children',
      page(Array.from({ length: 101 }, () => paragraph('x'))),
      'body failed validation: body.children.length should be ≤ `100`, instead was `101`.',
    ],
    [
      'a 2001-character rich text',
      page([paragraph('ok'), paragraph('b'.repeat(2001))]),
      'body failed validation: body.children[1].paragraph.rich_text[0].text.content.length should be ≤ `2000`, instead was `2001`.',
    ],
    ['no parent', { properties: {} }, 'body failed validation: body.parent should be defined, instead was `undefined`.'],
  ])('answers 400 validation_error to %s', async (_case, body, message) => {
    const response = await createPage(body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ object: 'error', status: 400, code: 'validation_error', message })
    expect(notionMock.pages).toEqual([])
  })

  it.each([
    ['a wrong token', { Authorization: 'Bearer wrong', 'Notion-Version': '2025-09-03' }, 401, 'unauthorized', 'API token is invalid.'],
    [
      'no Notion-Version',
      { Authorization: 'Bearer ntn_demo' },
      400,
      'missing_version',
      'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
    ],
  ])('refuses %s in Notion error shape', async (_case, headers, status, code, message) => {
    const response = await createPage(page([]), headers)
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual({ object: 'error', status, code, message, request_id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  })

  const image = (url: string) => ({ object: 'block', type: 'image', image: { type: 'external', external: { url } } })
  const item = (content: string, children?: unknown[]) => ({
    object: 'block',
    type: 'bulleted_list_item',
    bulleted_list_item: { rich_text: [{ type: 'text', text: { content } }], ...(children ? { children } : {}) },
  })
  const table = {
    object: 'block',
    type: 'table',
    table: {
      table_width: 1,
      children: [{ object: 'block', type: 'table_row', table_row: { cells: [[{ type: 'text', text: { content: 'A' } }]] } }],
    },
  }

  it.each([
    ['a relative image address', '/media/a/chart.png'],
    ['an http image address', 'http://app.example.com/media/chart.png'],
    ['a data: image', 'data:image/png;base64,iVBORw0KGgo='],
  ])('refuses %s with “Invalid image url”', async (_case, url) => {
    const response = await createPage(page([paragraph('before'), image(url)]))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      object: 'error',
      status: 400,
      code: 'validation_error',
      message: 'Content creation Failed. Fix the following: \nInvalid image url.',
    })
    expect(notionMock.pages).toEqual([])
  })

  it('takes an https image, two levels of list items, and a table (with its rows) inside a list item', async () => {
    const response = await createPage(page([image('https://app.example.com/media/chart.png'), item('Outer', [item('Inner'), table])]))
    expect(response.status).toBe(200)
  })

  it.each([
    [
      'a third level of nesting',
      page([item('One', [item('Two', [item('Three')])])]),
      'body failed validation: body.children[0].bulleted_list_item.children[0].bulleted_list_item.children should be not present, instead was `1`.',
    ],
    [
      '101 nested children',
      page([
        item(
          'One',
          Array.from({ length: 101 }, () => item('x')),
        ),
      ]),
      'body failed validation: body.children[0].bulleted_list_item.children.length should be ≤ `100`, instead was `101`.',
    ],
    [
      'a long rich text in a nested block',
      page([item('One', [item('c'.repeat(2001))])]),
      'body failed validation: body.children[0].bulleted_list_item.children[0].bulleted_list_item.rich_text[0].text.content.length should be ≤ `2000`, instead was `2001`.',
    ],
    [
      '101 rich-text items in one block',
      page([
        {
          object: 'block',
          type: 'paragraph',
          paragraph: { rich_text: Array.from({ length: 101 }, () => ({ type: 'text', text: { content: 'x' } })) },
        },
      ]),
      'body failed validation: body.children[0].paragraph.rich_text.length should be ≤ `100`, instead was `101`.',
    ],
    [
      'more than 1000 blocks in one request',
      page(
        Array.from({ length: 11 }, () =>
          item(
            'x',
            Array.from({ length: 99 }, () => item('y')),
          ),
        ),
      ),
      'body failed validation: body.children should contain ≤ `1000` blocks in all, instead was `1100`.',
    ],
  ])('answers 400 validation_error to %s', async (_case, body, message) => {
    const response = await createPage(body)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ object: 'error', status: 400, code: 'validation_error', message })
    expect(notionMock.pages).toEqual([])
  })
})
