import { describe, expect, it } from 'vitest'
import type { FilterItem } from './filter-schema'
import { parseTableSearch, tableSearchToUrl } from './search-state'
import { tableRules } from './table-rules'
import { MAX_FILTERS, tableSchema } from './table-schema'

const options = {
  fields: {
    name: { label: 'Name', variant: 'text' },
    size: { label: 'Size', variant: 'range' },
    colour: { label: 'Colour', variant: 'multiSelect', options: [{ value: 'red' }, { value: 'blue' }] },
    bornAt: { label: 'Born', variant: 'date' },
  },
  sortable: ['name', 'size'],
  defaultSort: [{ id: 'size', desc: true }],
  defaultPerPage: 20,
  pageSizes: [10, 20, 50],
} as const
const table = tableSchema(options)
/** What the route reads its URL with: the same rules without zod. */
const rules = tableRules(options)

const filter = (over: Partial<FilterItem> = {}): FilterItem => ({
  id: 'name',
  value: 'ada',
  variant: 'text',
  operator: 'iLike',
  filterId: 'abcd1234',
  ...over,
})

const issuesOf = (input: unknown) => {
  const parsed = table.input.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

/** Filters the server refuses, each with a part of its message. */
const refusedFilters: [string, unknown, string][] = [
  ['an unknown column', filter({ id: 'secret' }), 'Unknown filter column "secret". Use one of: name, size, colour, bornAt.'],
  ['a variant other than the column’s', filter({ id: 'size' }), '"size" is a range filter, not text.'],
  ['an operator the variant lacks', filter({ operator: 'gt' }), 'This operator does not apply to this kind of field.'],
  ['a malformed number', filter({ id: 'size', variant: 'range', operator: 'gt', value: 'big' }), 'Size: "big" is not a number'],
  ['a malformed date', filter({ id: 'bornAt', variant: 'date', operator: 'eq', value: 'monday' }), 'Born: "monday" is not a date'],
  [
    'an unknown option',
    filter({ id: 'colour', variant: 'multiSelect', operator: 'inArray', value: ['green'] }),
    'Colour: "green" is not an option.',
  ],
  ['too long a value', filter({ value: 'x'.repeat(501) }), 'at most 500 characters'],
  [
    'too many values',
    filter({ id: 'colour', variant: 'multiSelect', operator: 'inArray', value: Array(101).fill('red') }),
    'at most 100 values',
  ],
  ['a short filterId', filter({ filterId: 'abc' }), ''],
  ['not an object', 'name', ''],
]

describe('one table schema: the strict input and the lenient URL parse', () => {
  it('the input fills the defaults', () => {
    expect(table.input.parse(undefined)).toEqual({
      page: 1,
      perPage: 20,
      sort: [{ id: 'size', desc: true }],
      filters: [],
      joinOperator: 'and',
    })
    expect(table.defaults).toEqual(table.input.parse({}))
  })

  it.each(refusedFilters)('the input refuses a filter with %s; the URL parse drops that filter only', (_label, bad, message) => {
    const issues = issuesOf({ filters: [bad] })
    expect(issues.length).toBeGreaterThan(0)
    expect(issues.join(' ')).toContain(message)

    const good = filter({ filterId: 'good1234' })
    expect(parseTableSearch({ filters: [bad, good] }, rules).filters).toEqual([good])
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['a page below 1', { page: 0 }, 'Page must be 1 or more.'],
    ['a fractional page', { page: 1.5 }, 'Page must be a whole number.'],
    ['a page past the limit', { page: 2_000_000 }, 'Page can be at most 1000000.'],
    ['a page size not offered', { perPage: 30 }, 'Rows per page must be one of 10, 20, 50.'],
    ['a page size too large', { perPage: 500 }, 'Rows per page can be at most 50.'],
    ['an unknown sort column', { sort: [{ id: 'bornAt', desc: true }] }, 'Cannot sort by "bornAt". Use one of: name, size.'],
    [
      'a sort column twice',
      {
        sort: [
          { id: 'name', desc: true },
          { id: 'name', desc: false },
        ],
      },
      'Sort by each column at most once.',
    ],
    ['an unknown join', { joinOperator: 'xor' }, ''],
  ])('the input refuses %s; the URL parse falls back to the default', (_label, input, message) => {
    expect(issuesOf(input).join(' ')).toContain(message)
    const url = {
      ...input,
      sort: Array.isArray(input.sort) ? input.sort.map((item) => `${item.id}.${item.desc ? 'desc' : 'asc'}`).join(',') : undefined,
    }
    expect(parseTableSearch(url, rules)).toEqual(table.defaults)
  })

  it('a valid state reads the same both ways (sort as text in the URL, numbers possibly as text)', () => {
    const filters = [
      filter(),
      filter({ id: 'colour', variant: 'multiSelect', operator: 'notInArray', value: ['red'], filterId: 'efgh5678' }),
    ]
    const state = {
      page: 3,
      perPage: 50,
      sort: [
        { id: 'name', desc: false },
        { id: 'size', desc: true },
      ],
      filters,
      joinOperator: 'or',
    }
    expect(table.input.parse(state)).toEqual(state)
    expect(parseTableSearch({ page: '3', perPage: 50, sort: 'name.asc,size.desc', filters, joinOperator: 'or' }, rules)).toEqual(state)
    expect(parseTableSearch(tableSearchToUrl(state as never, table.defaults), rules)).toEqual(state)
  })

  it('keeps filters still being typed on both sides: the server ignores them', () => {
    const typing = [
      filter({ value: '' }),
      filter({ id: 'size', variant: 'range', operator: 'isBetween', value: ['', ''], filterId: 'efgh5678' }),
    ]
    expect(issuesOf({ filters: typing })).toEqual([])
    expect(parseTableSearch({ filters: typing }, rules).filters).toEqual(typing)
  })

  it(`more than ${MAX_FILTERS} filters: the input refuses them, the URL keeps the first ${MAX_FILTERS}`, () => {
    const many = Array.from({ length: MAX_FILTERS + 1 }, (_, index) => filter({ filterId: `f${String(index).padStart(7, '0')}` }))
    expect(issuesOf({ filters: many })).toEqual([`At most ${MAX_FILTERS} filters.`])
    expect(parseTableSearch({ filters: many }, rules).filters).toEqual(many.slice(0, MAX_FILTERS))
  })

  it('whatever the URL holds, what the parse returns is an input the server accepts', () => {
    const junk: unknown[] = [undefined, null, '', 'x', -1, 0, 1.5, 1e9, '2', [], {}, true, 'name.asc,name.desc', 'size.up', 'or', 'xor']
    const filterJunk = [...refusedFilters.map(([, bad]) => bad), filter(), null, 7, { id: 'name' }]
    for (const value of junk) {
      const raw = { page: value, perPage: value, sort: value, joinOperator: value, filters: [value, ...filterJunk] }
      const search = parseTableSearch(raw, rules)
      expect(issuesOf(search), JSON.stringify(value)).toEqual([])
      expect(search.filters).toEqual([filter()])
    }
  })
})
