import { describe, expect, it } from 'vitest'
import { keywordListInput } from './keywords-queries'
import { isAcceptedKeywordFilter, parseKeywordsSearch, validateKeywordsSearch } from './keyword-search'

const text = (value: string, extra: Record<string, unknown> = {}) => ({
  id: 'keyword',
  value,
  variant: 'text',
  operator: 'iLike',
  filterId: 'abcd1234',
  ...extra,
})

describe('Keywords URL search state (docs/product/keywords-table.md)', () => {
  it('defaults: page 1, 10 rows, createdAt descending, no filters, join and', () => {
    expect(parseKeywordsSearch({})).toEqual({
      page: 1,
      perPage: 10,
      sort: [{ id: 'createdAt', desc: true }],
      filters: [],
      joinOperator: 'and',
    })
    expect(validateKeywordsSearch({})).toEqual({
      page: undefined,
      perPage: undefined,
      sort: undefined,
      filters: undefined,
      joinOperator: undefined,
    })
  })

  it('keeps a valid state, and writes it back in URL form (sort as text, or join only)', () => {
    const raw = { page: 3, perPage: 20, sort: 'keyword.asc,searchVolume.desc', filters: [text('espresso')], joinOperator: 'or' }
    expect(parseKeywordsSearch(raw)).toMatchObject({
      page: 3,
      perPage: 20,
      sort: [
        { id: 'keyword', desc: false },
        { id: 'searchVolume', desc: true },
      ],
      joinOperator: 'or',
    })
    expect(validateKeywordsSearch(raw)).toEqual(raw)
    expect(validateKeywordsSearch({ ...raw, joinOperator: 'and' }).joinOperator).toBeUndefined()
    // Parsing the URL form again gives the same state.
    expect(parseKeywordsSearch(validateKeywordsSearch(raw))).toEqual(parseKeywordsSearch(raw))
  })

  it.each([
    ['unknown sort column', { sort: 'password.asc' }],
    ['malformed sort', { sort: 'keyword.sideways' }],
    ['page below 1', { page: -2 }],
    ['page not a number', { page: 'two' }],
    ['page absurdly large', { page: 10_000_000 }],
    ['page size not offered', { perPage: 7 }],
    ['unknown join', { joinOperator: 'xor' }],
    ['filters not a list', { filters: 'oops' }],
  ])('%s falls back to the default', (_label, raw) => {
    expect(parseKeywordsSearch(raw)).toEqual(parseKeywordsSearch({}))
  })

  it.each([
    ['unknown column', text('x', { id: 'businessId' })],
    ['unknown operator', text('x', { operator: 'regex' })],
    ['operator the variant lacks', text('x', { operator: 'gt' })],
    ['variant other than the column’s', text('5', { variant: 'number', operator: 'eq' })],
    ['a number that is not one', { id: 'searchVolume', value: 'lots', variant: 'range', operator: 'gt', filterId: 'abcd1234' }],
    ['an unknown option', { id: 'status', value: ['deleted'], variant: 'multiSelect', operator: 'inArray', filterId: 'abcd1234' }],
    ['a short filterId', text('x', { filterId: 'abc' })],
    ['a value too long for the server', text('x'.repeat(501))],
  ])('a filter with %s is dropped; the others stay', (_label, bad) => {
    const good = text('espresso', { filterId: 'good1234' })
    expect(parseKeywordsSearch({ filters: [bad, good] }).filters).toEqual([good])
  })

  it('keeps source and topic filters and a sort by source; a sort by topic falls back to the default', () => {
    const filters = [
      { id: 'source', value: ['competitor', 'manual'], variant: 'multiSelect', operator: 'inArray', filterId: 'src12345' },
      { id: 'clusterLabel', value: 'crm', variant: 'text', operator: 'iLike', filterId: 'top12345' },
      { id: 'clusterLabel', value: 'CRM software', variant: 'text', operator: 'ne', filterId: 'top67890' },
    ]
    expect(parseKeywordsSearch({ filters, sort: 'source.desc' })).toMatchObject({ filters, sort: [{ id: 'source', desc: true }] })
    expect(parseKeywordsSearch({ sort: 'clusterLabel.asc' }).sort).toEqual([{ id: 'createdAt', desc: true }])
  })

  it.each([
    ['an unknown source', { id: 'source', value: ['seo'], variant: 'multiSelect', operator: 'inArray', filterId: 'abcd1234' }],
    ['a topic as a list', { id: 'clusterLabel', value: ['crm'], variant: 'text', operator: 'iLike', filterId: 'abcd1234' }],
    ['a topic as a multiSelect', { id: 'clusterLabel', value: ['crm'], variant: 'multiSelect', operator: 'inArray', filterId: 'abcd1234' }],
  ])('drops %s', (_label, bad) => {
    expect(parseKeywordsSearch({ filters: [bad] }).filters).toEqual([])
  })

  it('keeps filters still being typed (empty values): the server ignores them', () => {
    const filters = [
      text(''),
      { id: 'status', value: [], variant: 'multiSelect', operator: 'inArray', filterId: 'efgh5678' },
      { id: 'difficulty', value: ['', ''], variant: 'range', operator: 'isBetween', filterId: 'ijkl9012' },
    ]
    expect(parseKeywordsSearch({ filters }).filters).toHaveLength(3)
    expect(filters.every((filter) => isAcceptedKeywordFilter(filter as never))).toBe(true)
  })

  it('keyword.list gets page, perPage, sort, filters and join', () => {
    const search = parseKeywordsSearch({ page: 2, filters: [text('beans')], joinOperator: 'or' })
    expect(keywordListInput(search)).toEqual({
      page: 2,
      perPage: 10,
      sort: [{ id: 'createdAt', desc: true }],
      filters: [text('beans')],
      joinOperator: 'or',
    })
  })
})
