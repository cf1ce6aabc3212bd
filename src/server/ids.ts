import { customAlphabet } from 'nanoid'

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** Generated ids are 12 characters, URL-safe and unguessable enough for row keys. */
export const createId = customAlphabet(alphabet, 12)
