import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Publishing credentials at rest (docs/decisions/0012-publishing.md): AES-256-GCM with a random
 * 96-bit IV per value and the caller's additional data (a row's business and type), so a ciphertext copied onto another
 * row does not decrypt. A stored value reads `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url);
 * the key id (8 hex characters of the key's SHA-256) says which key wrote it, so a rotation can
 * keep older keys readable (ENCRYPTION_KEY_PREVIOUS) until the start-up re-encrypts (reencryptSecrets).
 */

export interface EncryptionKeys {
  /** 32 bytes as base64/base64url or 64 hex characters: writes and reads. */
  current: string
  /** Earlier keys: reads only. */
  previous?: string[]
}

export class DecryptionError extends Error {
  override name = 'DecryptionError'
}

function keyBytes(key: string) {
  const bytes = /^[0-9a-f]{64}$/i.test(key) ? Buffer.from(key, 'hex') : Buffer.from(key, 'base64')
  if (bytes.length !== 32) throw new Error('An encryption key is 32 bytes (base64 or 64 hex characters).')
  return bytes
}

export function keyId(key: string) {
  return createHash('sha256').update(keyBytes(key)).digest('hex').slice(0, 8)
}

export function encryptSecret(plaintext: string, keys: EncryptionKeys, associatedData: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyBytes(keys.current), iv)
  cipher.setAAD(Buffer.from(associatedData, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const tag = cipher.getAuthTag()
  return ['v1', keyId(keys.current), iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.')
}

/** Whether the value was written with a key other than the current one (a rotation left it behind). */
export function needsReencryption(stored: string, keys: EncryptionKeys) {
  return stored.split('.')[1] !== keyId(keys.current)
}

export function decryptSecret(stored: string, keys: EncryptionKeys, associatedData: string) {
  const [version, id, iv, tag, ciphertext] = stored.split('.')
  if (version !== 'v1' || !id || !iv || !tag || ciphertext === undefined)
    throw new DecryptionError('The stored credentials are not in a format this version reads.')
  const key = [keys.current, ...(keys.previous ?? [])].find((candidate) => keyId(candidate) === id)
  if (!key) {
    throw new DecryptionError(
      'The stored credentials were encrypted with a key this server does not have: set ENCRYPTION_KEY (or ENCRYPTION_KEY_PREVIOUS) to that key, or connect the integration again.',
    )
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyBytes(key), Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(associatedData, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
  } catch (error) {
    throw new DecryptionError('The stored credentials could not be decrypted (they were changed or belong to another row).', {
      cause: error,
    })
  }
}

/** The running server's keys, from the env module. */
export function encryptionKeys(config: { ENCRYPTION_KEY: string; ENCRYPTION_KEY_PREVIOUS: string[] }): EncryptionKeys {
  return { current: config.ENCRYPTION_KEY, previous: config.ENCRYPTION_KEY_PREVIOUS }
}
