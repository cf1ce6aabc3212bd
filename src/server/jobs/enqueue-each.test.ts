import { afterEach, describe, expect, it, vi } from 'vitest'
import { logger } from '~/server/logger'
import { enqueueEach } from './enqueue-each'

afterEach(() => {
  vi.restoreAllMocks()
})

function logs() {
  return {
    info: vi.spyOn(logger, 'info').mockImplementation(() => {}),
    warn: vi.spyOn(logger, 'warn').mockImplementation(() => {}),
  }
}

/** Enqueues by remembering the id; the ids in `failing` throw instead (an Error, or a string for `plain`). */
function queueFailing(...failing: string[]) {
  const queued: string[] = []
  const enqueue = (item: { id: string }) => {
    if (item.id === 'plain') return Promise.reject('refused without an Error')
    if (failing.includes(item.id)) return Promise.reject(new Error(`no room for ${item.id}`))
    queued.push(item.id)
    return Promise.resolve({ jobId: `job-${item.id}` })
  }
  return { queued, enqueue }
}

const items = (...ids: string[]) => ids.map((id) => ({ id }))

describe('enqueueEach', () => {
  it('goes on past failed enqueues, logs each one as a warning, and answers the items it queued', async () => {
    const log = logs()
    const { queued, enqueue } = queueFailing('a', 'c')
    const started = await enqueueEach(items('a', 'b', 'c', 'plain', 'd'), { enqueue, scope: 'publishing', describe: (item) => item.id })
    expect(queued).toEqual(['b', 'd'])
    expect(started).toEqual(items('b', 'd'))
    expect(log.warn.mock.calls).toEqual([
      ['publishing: not starting a: no room for a'],
      ['publishing: not starting c: no room for c'],
      ['publishing: not starting plain: refused without an Error'],
    ])
    expect(log.info).not.toHaveBeenCalled()
  })

  it('logs a failure at the level `failed` answers, and not at all for null', async () => {
    const log = logs()
    const { queued, enqueue } = queueFailing('expected', 'full')
    const failed = vi.fn((item: { id: string }, _error: unknown) => (item.id === 'expected' ? null : ('info' as const)))
    const started = await enqueueEach(items('expected', 'full', 'ok'), { enqueue, failed, scope: 'articles', describe: (item) => item.id })
    expect(started).toEqual(items('ok'))
    expect(queued).toEqual(['ok'])
    expect(failed.mock.calls.map(([item, error]) => [item.id, (error as Error).message])).toEqual([
      ['expected', 'no room for expected'],
      ['full', 'no room for full'],
    ])
    expect(log.info.mock.calls).toEqual([['articles: not starting full: no room for full']])
    expect(log.warn).not.toHaveBeenCalled()
  })

  it('passes over what `skip` refuses without enqueueing it, in order, and lets `skip` see earlier failures', async () => {
    logs()
    const { queued, enqueue } = queueFailing('a1')
    const refusedOwners = new Set<string>()
    const rows = [
      { id: 'a1', owner: 'a' },
      { id: 'a2', owner: 'a' },
      { id: 'b1', owner: 'b' },
    ]
    const started = await enqueueEach(rows, {
      enqueue,
      skip: (row) => refusedOwners.has(row.owner),
      failed: (row) => {
        refusedOwners.add(row.owner)
        return 'info'
      },
      scope: 'articles',
      describe: (row) => row.id,
    })
    expect(queued).toEqual(['b1'])
    expect(started.map((row) => row.id)).toEqual(['b1'])
  })

  it('leaves what `skip` throws to the caller', async () => {
    const { enqueue } = queueFailing()
    const sweep = enqueueEach(items('a'), {
      enqueue,
      skip: () => Promise.reject(new Error('database gone')),
      scope: 'articles',
      describe: (item) => item.id,
    })
    await expect(sweep).rejects.toThrow('database gone')
  })
})
