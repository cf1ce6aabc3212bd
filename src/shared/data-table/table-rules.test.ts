import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { dataTableConfig } from './config'
import { tableRules } from './table-rules'
import { tableSchema } from './table-schema'

/**
 * The routes read their URLs with table-rules.ts alone (no zod in the pages' entry); the list
 * procedures check their input with table-schema.ts's zod schemas. Both must accept exactly the
 * same values and return the same data, key order included (it is what the URL is written from).
 */
const options = {
  fields: {
    name: { label: 'Name', variant: 'text' },
    size: { label: 'Size', variant: 'range' },
    colour: { label: 'Colour', variant: 'multiSelect', options: [{ value: 'red' }, { value: 'blue' }] },
    kind: { label: 'Kind', variant: 'select', options: [{ value: 'a' }, { value: 'b' }] },
    bornAt: { label: 'Born', variant: 'date' },
    done: { label: 'Done', variant: 'boolean' },
  },
  sortable: ['name', 'size', 'bornAt'],
  defaultSort: [{ id: 'size', desc: true }],
  defaultPerPage: 20,
  pageSizes: [10, 20, 50],
} as const
const schema = tableSchema(options)
const rules = tableRules(options)

const viaZod = (part: z.ZodType, value: unknown) => {
  const parsed = part.safeParse(value)
  return parsed.success ? parsed.data : undefined
}
/** Every value on which the rules and the schema disagree, described. */
function disagreements(part: z.ZodType, read: (value: unknown) => unknown, values: readonly unknown[]) {
  const found: string[] = []
  for (const value of values) {
    const expected = JSON.stringify(viaZod(part, value))
    const actual = JSON.stringify(read(value))
    if (expected !== actual) found.push(`${describeValue(value)}: zod ${expected}, rules ${actual}`)
  }
  return found
}
const describeValue = (value: unknown) =>
  typeof value === 'number' || value === undefined ? String(value) : JSON.stringify(value).slice(0, 200)

const SCALARS: unknown[] = [undefined, null, '', 'x', true, false, [], {}, 0, -0, 1, 2, 1.5, -1, NaN, Infinity, -Infinity, '2']

describe('table-rules.ts reads exactly what table-schema.ts accepts', () => {
  it('page and rows per page', () => {
    const numbers = [...SCALARS, 10, 20, 30, 50, 51, 500, 999_999, 1_000_000, 1_000_001, 2 ** 53, 2 ** 53 - 1, 1e21, 20.5]
    expect(disagreements(schema.page, rules.page, numbers)).toEqual([])
    expect(disagreements(schema.perPage, rules.perPage, numbers)).toEqual([])
  })

  it('join operator', () => {
    expect(disagreements(schema.joinOperator, rules.joinOperator, [...SCALARS, 'and', 'or', 'AND', 'xor'])).toEqual([])
  })

  it('sort', () => {
    const items: unknown[] = [
      { id: 'name', desc: true },
      { id: 'size', desc: false },
      { id: 'bornAt', desc: true },
      { id: 'name', desc: false },
      { id: 'kind', desc: true },
      { id: '', desc: true },
      { id: 'name', desc: 'true' },
      { id: 'name' },
      { desc: true, id: 'size', extra: 1 },
      { id: 7, desc: true },
      null,
      'name',
      ['name', true],
    ]
    const lists: unknown[] = [...SCALARS, [[]]]
    for (const first of items) {
      lists.push([first])
      for (const second of items) {
        lists.push([first, second])
        lists.push([first, second, { id: 'bornAt', desc: false }])
      }
    }
    lists.push([
      { id: 'name', desc: true },
      { id: 'size', desc: true },
      { id: 'bornAt', desc: true },
      { id: 'name', desc: true },
    ])
    lists.push(Object.assign([{ id: 'name', desc: true }], { extra: 1 }))
    expect(lists.length).toBeGreaterThan(300)
    expect(disagreements(schema.sort, rules.sort, lists)).toEqual([])
  })

  it('filter items: every combination of column, variant, operator, value and filterId', () => {
    const ids: unknown[] = ['name', 'size', 'colour', 'kind', 'bornAt', 'done', 'secret', '', 'constructor', 7]
    const variants: unknown[] = [...dataTableConfig.filterVariants, 'bogus']
    const operators: unknown[] = [...dataTableConfig.operators, 'bogus']
    const values: unknown[] = [
      '',
      'ada',
      'big',
      '12',
      ' 12 ',
      '1700000000000',
      '-7 days',
      'true',
      'a',
      ['', ''],
      ['1', '2'],
      ['1', 'x'],
      ['red'],
      ['green'],
      ['red', 'blue', ''],
      'x'.repeat(500),
      'x'.repeat(501),
      Array(100).fill('red'),
      Array(101).fill('red'),
      7,
      [7],
      null,
    ]
    const filterIds: unknown[] = ['abcd1234', 'abc', 'abcd12345', '😀😀😀😀😀😀😀😀', 'abcd123😀', 12345678]
    const filters: unknown[] = [...SCALARS]
    for (const id of ids) {
      for (const variant of variants) {
        for (const operator of operators) {
          for (const value of values) {
            for (const filterId of filterIds) filters.push({ id, value, variant, operator, filterId })
          }
        }
      }
    }
    filters.push({ filterId: 'abcd1234', operator: 'iLike', variant: 'text', value: 'ada', id: 'name', extra: true })
    filters.push({ id: 'name', value: 'ada', variant: 'text', operator: 'iLike' })
    const accepted = filters.filter((filter) => rules.filter(filter) !== undefined).length
    // The corpus holds both kinds, in numbers.
    expect(accepted).toBeGreaterThan(500)
    expect(filters.length - accepted).toBeGreaterThan(100_000)
    expect(disagreements(schema.filter, rules.filter, filters)).toEqual([])
  })

  it('the defaults are the same', () => {
    expect(rules.defaults).toEqual(schema.defaults)
  })
})
