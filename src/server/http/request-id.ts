import { randomUUID } from 'node:crypto'

/** The header that carries a request's id, in both directions. */
export const REQUEST_ID_HEADER = 'x-request-id'

/**
 * An id a proxy in front of us already gave the request is kept, so one id follows the request
 * through both logs; only short ids of plain characters are, as it is written into log lines.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/

export function requestIdFor(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER)
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
}
