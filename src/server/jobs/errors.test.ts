import { describe, expect, it } from 'vitest'
import { ProviderError } from '~/server/providers/http'
import { GENERIC_JOB_ERROR, JobError, userFacingJobError } from './errors'

describe('the error a user reads on a failed job', () => {
  it.each([
    [
      new ProviderError({
        provider: 'DataForSEO',
        kind: 'rate_limited',
        message: 'DataForSEO is rate limiting us: try again in a minute.',
      }),
      'DataForSEO is rate limiting us: try again in a minute.',
    ],
    [new JobError('The site could not be reached: check its address.'), 'The site could not be reached: check its address.'],
    [new TypeError("Cannot read properties of undefined (reading 'id')"), GENERIC_JOB_ERROR],
    [new Error('duplicate key value violates unique constraint "job_run_pkey"'), GENERIC_JOB_ERROR],
    ['a thrown string', GENERIC_JOB_ERROR],
  ])('%s → %s', (error, message) => expect(userFacingJobError(error)).toBe(message))
})
