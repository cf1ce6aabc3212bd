import { defineErrorCodes } from '~/server/rpc/errors'

export const VOICE_ERRORS = defineErrorCodes({
  VOICE_SAMPLE_UNREADABLE: { code: 'BAD_REQUEST', message: 'A sample post could not be read.' },
  VOICE_SAMPLES_TOO_SHORT: { code: 'BAD_REQUEST', message: 'The samples have too little text to learn a voice from.' },
})
