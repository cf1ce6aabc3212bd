import { createHash } from 'node:crypto'
import { symmetricEncrypt, type SecretConfig } from 'better-auth/crypto'
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '~/server/db'
import { account, verification } from '~/server/db/schema'

/**
 * Tokens at rest (docs/decisions/0015-tokens-at-rest.md). better-auth encrypts the OAuth access and
 * refresh tokens it writes (`account.encryptOAuthTokens`, XChaCha20-Poly1305 under the auth secret)
 * and stores verification identifiers (reset, delete-account, OAuth state) as their SHA-256
 * (`verification.storeIdentifier: 'hashed'`). Google's id token is not kept at all: better-auth
 * stores it in clear and nothing here reads it. This module holds what the app needs besides:
 * sealing the tokens it writes itself, and the start-up step that brings older rows in line.
 */

/** The key better-auth encrypts OAuth tokens with: its secret configuration. */
export type OAuthTokenKey = string | SecretConfig

export async function oauthTokenKey(auth: { $context: Promise<{ secretConfig: OAuthTokenKey }> }): Promise<OAuthTokenKey> {
  return (await auth.$context).secretConfig
}

/** An OAuth token as better-auth stores it with encryptOAuthTokens, for rows the app writes itself. */
export const sealOAuthToken = (token: string, key: OAuthTokenKey) => symmetricEncrypt({ key, data: token })

/**
 * How better-auth 1.7.7 tells a stored token it must decrypt (oauth2/utils isLikelyEncrypted): its
 * versioned envelope (`$ba$…`) or even-length hex. Anything else it hands out as it is, so that is
 * what the start-up step encrypts. Google's tokens are never hex.
 */
const SEALED_PATTERN = '^(\\$ba\\$|([0-9a-fA-F]{2})+$)'
const SEALED = new RegExp(SEALED_PATTERN)
const isClear = (column: PgColumn) => and(isNotNull(column), sql`${column} !~ ${SEALED_PATTERN}`)!

/** A verification identifier as stored with storeIdentifier "hashed": SHA-256, base64url without padding. */
export const storedVerificationIdentifier = (identifier: string) => createHash('sha256').update(identifier).digest('base64url')
const HASHED_IDENTIFIER = '^[A-Za-z0-9_-]{43}$'

const sameAs = (column: PgColumn, value: string | null): SQL => (value === null ? isNull(column) : eq(column, value))

export interface TokensProtected {
  /** Account rows whose clear access or refresh token was encrypted. */
  accounts: number
  /** Account rows whose id token was dropped. */
  idTokens: number
  /** Verification rows whose clear identifier was replaced by its hash. */
  verifications: number
}

/**
 * Start-up step: encrypts the clear OAuth tokens and hashes the clear verification identifiers that
 * rows written before encryption was on still hold, and drops stored id tokens. Idempotent: what is
 * already encrypted or hashed is recognised by its form and left alone, so a second run changes
 * nothing. A row changed meanwhile (a refresh wrote a new token) is left to its writer.
 */
export async function protectTokensAtRest(db: Database, key: OAuthTokenKey): Promise<TokensProtected> {
  const clearAccounts = await db
    .select({ id: account.id, accessToken: account.accessToken, refreshToken: account.refreshToken })
    .from(account)
    .where(or(isClear(account.accessToken), isClear(account.refreshToken)))
  let accounts = 0
  for (const row of clearAccounts) {
    const seal = async (value: string | null) => (value === null || SEALED.test(value) ? value : await sealOAuthToken(value, key))
    const updated = await db
      .update(account)
      .set({ accessToken: await seal(row.accessToken), refreshToken: await seal(row.refreshToken) })
      .where(and(eq(account.id, row.id), sameAs(account.accessToken, row.accessToken), sameAs(account.refreshToken, row.refreshToken)))
      .returning({ id: account.id })
    accounts += updated.length
  }

  const idTokens = (await db.update(account).set({ idToken: null }).where(isNotNull(account.idToken)).returning({ id: account.id })).length

  const clearIdentifiers = await db
    .select({ id: verification.id, identifier: verification.identifier })
    .from(verification)
    .where(sql`${verification.identifier} !~ ${HASHED_IDENTIFIER}`)
  let verifications = 0
  for (const row of clearIdentifiers) {
    const updated = await db
      .update(verification)
      .set({ identifier: storedVerificationIdentifier(row.identifier) })
      .where(and(eq(verification.id, row.id), eq(verification.identifier, row.identifier)))
      .returning({ id: verification.id })
    verifications += updated.length
  }
  return { accounts, idTokens, verifications }
}
