import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite'

/**
 * The PGlite client as drizzle should see it: every typed query (drizzle's array row mode) runs
 * with PGlite's own type parsers instead of the per-query table drizzle sends.
 *
 * Why: drizzle asks PGlite to leave timestamp, date and interval values as strings (its
 * `parsers` option), only to turn them into Dates itself. PGlite honours a per-query table by
 * copying its whole parser table (318 entries, one per type and array type) and merging the
 * query's into it, on every query: about 0.17 ms, more than many whole list queries take
 * (docs/decisions/0008). PGlite's defaults already make the same Dates, and drizzle's column
 * mappers take a Date as it is.
 *
 * That holds while every date-like column is `timestamp with time zone` in Date mode (a
 * `timestamp` without zone, `date`, `interval` or string-mode column would need the strings):
 * pglite-for-drizzle.int.test.ts checks the schema keeps to it. Untyped `db.execute` (object
 * row mode) is passed through untouched, so raw SQL keeps drizzle's behaviour on both databases.
 */
type Queryable = Pick<PGlite, 'query'> | Transaction

export function pgliteForDrizzle<T extends Queryable>(client: T): T {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, options?.rowMode === 'array' ? withoutParsers(options) : options)
      }
      if (property === 'transaction' && 'transaction' in target) {
        const pglite = target as unknown as PGlite
        return <R>(callback: (tx: Transaction) => Promise<R>) => pglite.transaction((tx) => callback(pgliteForDrizzle(tx)))
      }
      // PGlite keeps its state in private fields: its methods must run on the real instance.
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function withoutParsers(options: QueryOptions): QueryOptions {
  const { parsers: _drizzleParsers, ...rest } = options
  return rest
}
