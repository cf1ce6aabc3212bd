import { describe, expect, it } from 'vitest'
import { meterEventPayload, meterExternalId, POLAR_METER_EVENT, retryDelayMs } from './metering'

describe('meter events', () => {
  it('wait 1 minute after a first failure, doubling, at most 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000])
    expect(retryDelayMs(9)).toBe(256 * 60_000)
    expect(retryDelayMs(10)).toBe(6 * 60 * 60 * 1000)
    expect(retryDelayMs(60)).toBe(6 * 60 * 60 * 1000)
  })

  it('are sent to Polar for our user id, with a stable external_id and the extra articles to sum', () => {
    const occurredAt = new Date('2026-11-20T10:00:00Z')
    const row = {
      id: 'm1',
      userId: 'u1',
      usageId: 's1',
      externalId: meterExternalId('u1', 'article:job-7'),
      articleId: 'a1',
      billingPeriod: '2026-11',
      quantity: 1,
      unitPrice: 3,
      occurredAt,
      state: 'pending' as const,
      attempts: 2,
      nextAttemptAt: occurredAt,
      lastError: 'Polar answered HTTP 503',
      sentAt: null,
      createdAt: occurredAt,
    }
    expect(meterEventPayload(row)).toEqual({
      name: POLAR_METER_EVENT,
      externalCustomerId: 'u1',
      externalId: 'u1:article:job-7',
      timestamp: occurredAt,
      metadata: { articles: 1, billingPeriod: '2026-11', articleId: 'a1' },
    })
    // The same row gives the same event on every attempt: Polar recognises a repeat.
    expect(meterEventPayload({ ...row, attempts: 5, lastError: null })).toEqual(meterEventPayload(row))
  })
})
