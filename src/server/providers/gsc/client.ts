import { and, asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { schema, type Database } from '~/server/db'
import { createProviderFetch, ProviderError, readJson, type ProviderFetchOptions } from '../http'
export const GSC_BASE_URL = 'https://searchconsole.googleapis.com/webmasters/v3'
/** Read-only Search Console access, asked for by Connect Search Console (docs/product/services.md). */
export const GSC_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly'

const PROVIDER = 'Google Search Console'
const RECONNECT = 'Reconnect Search Console on Integrations and try again.'
/** The API's own ceiling of rows per request. */
export const MAX_ROW_LIMIT = 25_000

export type GscDimension = 'query' | 'page' | 'date' | 'country' | 'device'

export interface GscSite {
  siteUrl: string
  permissionLevel: 'siteOwner' | 'siteFullUser' | 'siteRestrictedUser' | 'siteUnverifiedUser'
}

export interface GscRow {
  /** In the order of the requested dimensions. */
  keys: string[]
  clicks: number
  impressions: number
  ctr: number
  position: number
}

export interface GscSitemap {
  path: string
  lastSubmitted: Date | null
  isPending: boolean
  errors: number
  warnings: number
}

export interface SearchAnalyticsInput {
  siteUrl: string
  /** YYYY-MM-DD, in the property's time zone (Pacific time for Google). */
  startDate: string
  endDate: string
  dimensions: GscDimension[]
  /** Rows per request, at most 25,000 [25,000]. */
  rowLimit?: number
  startRow?: number
}

export interface SearchConsoleClient {
  listSites(): Promise<GscSite[]>
  /** Every row from startRow on: pages through the API until a page comes back short. */
  searchAnalytics(input: SearchAnalyticsInput): Promise<GscRow[]>
  listSitemaps(siteUrl: string): Promise<GscSitemap[]>
}

const sitesSchema = z.object({
  siteEntry: z
    .array(
      z.object({ siteUrl: z.string(), permissionLevel: z.enum(['siteOwner', 'siteFullUser', 'siteRestrictedUser', 'siteUnverifiedUser']) }),
    )
    .optional(),
})
const analyticsSchema = z.object({
  rows: z
    .array(
      z.object({
        keys: z.array(z.string()).default([]),
        clicks: z.number(),
        impressions: z.number(),
        ctr: z.number(),
        position: z.number(),
      }),
    )
    .optional(),
})
// The API sends int64 counts as strings.
const count = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value) => (value === undefined ? 0 : Number(value)))
const sitemapsSchema = z.object({
  sitemap: z
    .array(
      z.object({
        path: z.string(),
        lastSubmitted: z.string().optional(),
        isPending: z.boolean().default(false),
        errors: count,
        warnings: count,
      }),
    )
    .optional(),
})

export interface SearchConsoleClientOptions extends Omit<ProviderFetchOptions, 'provider' | 'credentialsHint'> {
  /** A valid access token for the user's Google account, asked for before every request. */
  accessToken: () => Promise<string>
  baseUrl?: string
}

export function createSearchConsoleClient(options: SearchConsoleClientOptions): SearchConsoleClient {
  const base = (options.baseUrl ?? GSC_BASE_URL).replace(/\/+$/, '')
  const providerFetch = createProviderFetch({ ...options, provider: PROVIDER })

  async function call<T extends z.ZodType>(path: string, responseSchema: T, body?: unknown): Promise<z.output<T>> {
    const token = await options.accessToken()
    let response: Response
    try {
      response = await providerFetch(`${base}/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (error) {
      if (error instanceof ProviderError && error.kind === 'auth') {
        throw new ProviderError({
          provider: PROVIDER,
          kind: 'auth',
          status: error.status,
          attempts: error.attempts,
          cause: error,
          message: `Google Search Console refused access to your account (HTTP ${error.status}). ${RECONNECT}`,
        })
      }
      throw error
    }
    return readJson(response, PROVIDER, responseSchema)
  }

  const site = (siteUrl: string) => `sites/${encodeURIComponent(siteUrl)}`

  return {
    async listSites() {
      return (await call('sites', sitesSchema)).siteEntry ?? []
    },
    async searchAnalytics({ siteUrl, startDate, endDate, dimensions, rowLimit = MAX_ROW_LIMIT, startRow = 0 }) {
      const limit = Math.min(Math.max(1, rowLimit), MAX_ROW_LIMIT)
      const rows: GscRow[] = []
      for (let next = startRow; ; next += limit) {
        const page = await call(`${site(siteUrl)}/searchAnalytics/query`, analyticsSchema, {
          startDate,
          endDate,
          dimensions,
          type: 'web',
          rowLimit: limit,
          startRow: next,
        })
        const pageRows = page.rows ?? []
        rows.push(...pageRows)
        if (pageRows.length < limit) return rows
      }
    },
    async listSitemaps(siteUrl) {
      const { sitemap = [] } = await call(`${site(siteUrl)}/sitemaps`, sitemapsSchema)
      return sitemap.map((entry) => ({
        path: entry.path,
        lastSubmitted: entry.lastSubmitted ? new Date(entry.lastSubmitted) : null,
        isPending: entry.isPending,
        errors: entry.errors,
        warnings: entry.warnings,
      }))
    },
  }
}

/**
 * What Search Console needs of sign-in (better-auth's instance, src/server/auth/auth.ts, given by
 * the caller): a linked account's access token, refreshed when it expires.
 */
export interface GoogleTokenSource {
  api: { getAccessToken(request: { body: { accountId: string; userId: string } }): Promise<{ accessToken: string }> }
}

/**
 * A valid Google access token for a user, through better-auth: getAccessToken refreshes it with
 * the stored refresh token when it is within 5 seconds of expiry, and stores the new one.
 */
export function googleAccessTokenFor({ auth, db, userId }: { auth: GoogleTokenSource; db: Database; userId: string }) {
  return async () => {
    const [account] = await db
      .select({ id: schema.account.id, scope: schema.account.scope })
      .from(schema.account)
      .where(and(eq(schema.account.userId, userId), eq(schema.account.providerId, 'google')))
      .orderBy(asc(schema.account.createdAt))
      .limit(1)
    if (!account) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'auth',
        message: 'No Google account is connected. Connect Search Console on Integrations first.',
      })
    }
    if (!account.scope?.split(/[ ,]+/).includes(GSC_SCOPE)) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'auth',
        message: 'Your Google account has not given read access to Search Console. Connect Search Console on Integrations first.',
      })
    }
    try {
      const tokens = await auth.api.getAccessToken({ body: { accountId: account.id, userId } })
      return tokens.accessToken
    } catch (error) {
      throw new ProviderError({
        provider: PROVIDER,
        kind: 'auth',
        cause: error,
        message: `Google no longer accepts the saved Search Console connection. ${RECONNECT}`,
      })
    }
  }
}

/** The Search Console client of one user, on the Google account linked to them. */
export function searchConsoleClientForUser(
  deps: { auth: GoogleTokenSource; db: Database; userId: string },
  options: Omit<SearchConsoleClientOptions, 'accessToken'> = {},
) {
  return createSearchConsoleClient({ ...options, accessToken: googleAccessTokenFor(deps) })
}
