import { afterEach, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/logger'
import { answerClientGone, CLIENT_CLOSED_REQUEST, clientWentAway } from './client-gone'

afterEach(() => {
  vi.restoreAllMocks()
})

/** What Node's HTTP server gives a request whose connection closed before the answer. */
function connectionReset() {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' })
}

function abortedRequest(reason: unknown, init: RequestInit = {}) {
  const controller = new AbortController()
  const request = new Request('http://localhost/blog', { ...init, signal: controller.signal })
  controller.abort(reason)
  return request
}

describe('clientWentAway', () => {
  it('is the request’s own abort reason, rethrown by whatever waited on its signal', () => {
    const reset = connectionReset()
    expect(clientWentAway(abortedRequest(reset), reset)).toBe(true)
  })

  it('follows a request rebuilt around the signal (the edge’s request with its body read)', () => {
    const reset = connectionReset()
    const original = abortedRequest(reset, { method: 'POST', body: '{}' })
    const rebuilt = new Request(original.url, { method: 'POST', body: '{}', signal: original.signal })
    expect(clientWentAway(rebuilt, reset)).toBe(true)
  })

  it('is an error caused by the abort reason', () => {
    const reset = connectionReset()
    expect(clientWentAway(abortedRequest(reset), new Error('render stopped', { cause: reset }))).toBe(true)
  })

  it('is not the same error while the client is still there', () => {
    const request = new Request('http://localhost/blog')
    expect(clientWentAway(request, connectionReset())).toBe(false)
  })

  it('is not another failure after the client left: that one is still logged', () => {
    const request = abortedRequest(connectionReset())
    expect(clientWentAway(request, new Error('relation "article" does not exist'))).toBe(false)
    expect(clientWentAway(request, connectionReset())).toBe(false)
    expect(clientWentAway(request, new Error('no cause', { cause: undefined }))).toBe(false)
  })
})

describe('answerClientGone', () => {
  it('logs one debug line with the method, path and request id, and answers 499 with no body', async () => {
    const debug = vi.spyOn(logger, 'debug').mockImplementation(() => {})
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
    const request = new Request('http://localhost/blog?page=2', { headers: { 'x-request-id': 'req-42' } })
    const response = answerClientGone(request)
    expect(response.status).toBe(CLIENT_CLOSED_REQUEST)
    expect(await response.text()).toBe('')
    expect(debug.mock.calls).toEqual([['GET /blog: the client went away before the answer (request req-42)']])
    expect(error).not.toHaveBeenCalled()
  })
})
