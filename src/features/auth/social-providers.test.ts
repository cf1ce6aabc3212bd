import { describe, expect, it } from 'vitest'
import { oauthErrorMessage } from './social-providers'

describe('oauthErrorMessage (the ?error= of /sign-in after a failed social sign-in)', () => {
  it('explains a known better-auth code', () => {
    expect(oauthErrorMessage('please_restart_the_process')).toBe(
      'The sign-in took too long or was opened in another tab. Please try again.',
    )
  })

  it('shows an unknown but code-shaped value only as a code', () => {
    expect(oauthErrorMessage('unable_to_create_user')).toBe('Sign-in failed (error code unable_to_create_user). Please try again.')
  })

  it.each(['Account locked, call +1 555 0100', 'locked_call_15550100', 'a'.repeat(65), '', '<b>hi</b>'])(
    'never echoes free text a link could carry: %j',
    (value) => {
      expect(oauthErrorMessage(value)).toBe('Sign-in failed. Please try again.')
    },
  )
})
