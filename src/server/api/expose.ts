import { Procedure, type InferSchemaInput, type InferSchemaOutput, type Schema } from '@orpc/server'
import type { z } from 'zod'
import type { ProcedureMeta } from '~/server/rpc/procedures'
import type { ApiScope } from '~/shared/api-keys'

/** The sections of the API reference, in order. */
export const API_TAGS = [
  { name: 'Businesses', description: 'The businesses your account owns: every other operation takes one of their ids.' },
  { name: 'Keywords', description: 'The keyword plan: list it with the Keywords screen’s filters, add keywords, see why one is planned.' },
  { name: 'Research', description: 'Keyword research runs and their progress.' },
  { name: 'Topics', description: 'Topic clusters of the plan, each with its pillar keyword.' },
  { name: 'Articles', description: 'Articles: list, read, generate for a planned keyword, approve and publish.' },
  { name: 'Integrations', description: 'Where articles are published, and the Search Console link.' },
  { name: 'Performance', description: 'Search Console clicks, impressions and positions, and opportunities found in them.' },
  { name: 'Jobs', description: 'Background work started by other operations (research, generation, publishing).' },
] as const
export type ApiTag = (typeof API_TAGS)[number]['name']

/** How one procedure is offered on /api/v1 (docs/decisions/0013-public-api.md). */
export interface Exposure<TInput> {
  /** The scope a key needs: GET reads (`read`), the rest write (`write`) or publish (`publish`). */
  scope: ApiScope
  method: 'GET' | 'POST'
  /** Under /api/v1; `{name}` segments are input fields. */
  path: `/${string}`
  /** The operation's id in the document: `<tag>.<verb>`, stable for generated clients. */
  operationId: string
  tag: ApiTag
  summary: string
  /** What the operation does, in terms that hold for every transport (the MCP tools show it too). */
  description: string
  /** What only the REST route needs said (query-string form, follow-up URLs); the reference appends it. */
  restNote?: string
  /** 200 unless said: 202 when the answer is a queued job. */
  successStatus?: 200 | 202
  /** One real call: what the reference shows (curl and parameter examples) and what the tests send. */
  example: TInput
}

type AnySchema = Schema<any, any> // eslint-disable-line @typescript-eslint/no-explicit-any
type HandlerOutput<P> = P extends Procedure<any, any, any, infer O extends AnySchema, any, any> ? InferSchemaOutput<O> : never // eslint-disable-line @typescript-eslint/no-explicit-any
type ProcedureInput<P> = P extends Procedure<any, any, infer I extends AnySchema, any, any, any> ? InferSchemaInput<I> : never // eslint-disable-line @typescript-eslint/no-explicit-any
type ParsedInput<P> = P extends Procedure<any, any, infer I extends AnySchema, any, any, any> ? InferSchemaOutput<I> : never // eslint-disable-line @typescript-eslint/no-explicit-any
type WithOutput<P, S extends AnySchema> =
  P extends Procedure<infer A, infer B, infer I, any, infer E, infer M> ? Procedure<A, B, I, S, E, M & ProcedureMeta> : never // eslint-disable-line @typescript-eslint/no-explicit-any

/** A schema the procedure's answer always fits, checked at compile time. */
type FittingOutput<P, S extends z.ZodType> = S &
  ([HandlerOutput<P>] extends [z.input<S>] ? unknown : { error: 'the procedure can answer something this schema refuses' })

const exposures = new WeakMap<object, Exposure<unknown>>()

/** The exposure an API procedure was made with. */
export function exposureOf(procedure: object): Exposure<unknown> | undefined {
  return exposures.get(procedure)
}

/**
 * The API's copy of an app procedure: the same middlewares (access class, plan, ownership, rate
 * limits) and the same handler, so there is no second implementation. The copy adds what the API
 * needs: its REST route, the scope in its meta (without which an API key is refused), and an
 * output schema the answer is checked against and documented with (src/server/api/outputs.ts).
 *
 * `input` may replace the input schema with a stricter one (a field the app may leave out that a
 * REST path requires), never a looser one: it must parse to what the procedure takes.
 */
export function expose<P extends Procedure<any, any, any, any, any, any>, S extends z.ZodType>( // eslint-disable-line @typescript-eslint/no-explicit-any
  procedure: P,
  exposure: Exposure<ProcedureInput<P>> & { output: FittingOutput<P, S>; input?: z.ZodType<ParsedInput<P>> },
): WithOutput<P, S> {
  const { output, input, ...rest } = exposure
  const def = procedure['~orpc']
  const copy = new Procedure({
    ...def,
    inputSchema: input ?? def.inputSchema,
    outputSchema: output,
    // Checked on the final answer, after every middleware.
    outputValidationIndex: 0,
    meta: { ...def.meta, scope: rest.scope } satisfies ProcedureMeta,
    route: {
      ...def.route,
      method: rest.method,
      path: rest.path,
      operationId: rest.operationId,
      tags: [rest.tag],
      summary: rest.summary,
      description: rest.restNote ? `${rest.description} ${rest.restNote}` : rest.description,
      successStatus: rest.successStatus ?? 200,
    },
  })
  exposures.set(copy, rest as Exposure<unknown>)
  return copy as unknown as WithOutput<P, S>
}
