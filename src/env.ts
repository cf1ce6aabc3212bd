import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { livePaidEngines } from './server/providers/modes'
import { SOCIAL_PROVIDERS, type SocialProviderId } from './shared/social-providers'

/**
 * The one environment module. Parsed once, at first use, with zod: a bad or missing value is a
 * start-up error naming the variable, never a crash later on first use.
 *
 * Server-only: the browser receives only what `publicEnv()` returns.
 */

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional())
const booleanFlag = (fallback: boolean) =>
  z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
    .transform((value) => (value === undefined ? fallback : value === 'true' || value === '1'))

/** The provider list lives in ~/shared, as the browser shows the same providers. */
export { SOCIAL_PROVIDERS, type SocialProviderId }

/** `GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET`, … for each provider. */
export function providerEnvNames(provider: SocialProviderId) {
  const prefix = provider.toUpperCase()
  return { id: `${prefix}_CLIENT_ID`, secret: `${prefix}_CLIENT_SECRET` } as const
}

const TEST_SECRET = 'rankpilot-test-secret-not-for-real-use-0123456789'
const TEST_ENCRYPTION_KEY = 'cmFua3BpbG90LXRlc3Qta2V5LW5vdC1mb3ItcmVhbCE'

/** 32 bytes as base64/base64url (43–44 characters) or as 64 hex characters. */
const encryptionKey = z
  .string()
  .trim()
  .refine(
    (value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32,
    'must be 32 random bytes as base64 or 64 hex characters (openssl rand -base64 32)',
  )

/**
 * Without BETTER_AUTH_SECRET a newcomer's `npm start` still gets a real secret: one is generated
 * once and kept in the data folder (mode 0600), so sessions survive restarts.
 */
function secretFromDataDir(dataDir: string, name = 'auth-secret') {
  const file = join(dataDir, name)
  const read = () => readFileSync(file, 'utf8').trim()
  try {
    return read()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  try {
    // 'wx': two processes starting at once must not each write a secret of their own.
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return read()
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    APP_NAME: z.preprocess(emptyAsUndefined, z.string().default('Rankpilot')),
    PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
    APP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('.data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
        .optional(),
    ),
    BETTER_AUTH_SECRET: optionalString,
    /**
     * Encrypts publishing credentials at rest (docs/decisions/0012-publishing.md). Without it one is
     * generated once into DATA_DIR/encryption-key. ENCRYPTION_KEY_PREVIOUS (comma-separated) keeps
     * older keys readable during a rotation; each start re-encrypts what they wrote with the current one.
     */
    ENCRYPTION_KEY: z.preprocess(emptyAsUndefined, encryptionKey.optional()),
    ENCRYPTION_KEY_PREVIOUS: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .optional()
        .transform((value) =>
          (value ?? '')
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
        )
        .pipe(z.array(encryptionKey)),
    ),
    REQUIRE_EMAIL_VERIFICATION: booleanFlag(false),
    /**
     * Tests only: serves the browser suite's test pages (/e2e/fallbacks). Set by
     * tests/e2e/global-setup.ts; without it those pages answer the 404 page. Never in production.
     */
    E2E_TEST_ROUTES: booleanFlag(false),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    EMAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('Rankpilot <no-reply@rankpilot.local>')),
    /** Auth rate limiting (sign-in, sign-up, …); better-auth's default is on in production only. */
    AUTH_RATE_LIMIT: z
      .preprocess(emptyAsUndefined, z.enum(['true', 'false', '1', '0']).optional())
      .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
    /**
     * Outside services (docs/product/services.md). A provider with no credentials runs on its in-process mock:
     * that is demo mode, announced in the app (src/server/providers/modes.ts).
     */
    LLM_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    LLM_API_KEY: optionalString,
    LLM_MODEL: z.preprocess(emptyAsUndefined, z.string().default('gpt-4.1-mini')),
    EMBEDDINGS_API: z.preprocess(emptyAsUndefined, z.enum(['openai', 'ollama']).default('openai')),
    EMBEDDINGS_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    EMBEDDINGS_API_KEY: optionalString,
    EMBEDDINGS_MODEL: z.preprocess(emptyAsUndefined, z.string().default('nomic-embed-text-v1.5')),
    EMBEDDINGS_DIMENSIONS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(8).max(8192).default(768)),
    IMAGES_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
    IMAGES_API_KEY: optionalString,
    IMAGES_MODEL: z.preprocess(emptyAsUndefined, z.string().default('gpt-image-1')),
    DATAFORSEO_LOGIN: optionalString,
    DATAFORSEO_PASSWORD: optionalString,
    DATAFORSEO_BASE_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).default('https://api.dataforseo.com')),
    YOUTUBE_API_KEY: optionalString,
    POLAR_ACCESS_TOKEN: optionalString,
    POLAR_WEBHOOK_SECRET: optionalString,
    POLAR_SERVER: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'production']).default('sandbox')),
    /** Live Polar: the product of each plan (docs/product/limits.md). Demo mode uses the seeded ids. */
    POLAR_PRODUCT_STARTER: optionalString,
    POLAR_PRODUCT_GROWTH: optionalString,
    POLAR_PRODUCT_AGENCY: optionalString,
    /**
     * off: self-hosted, billing is off — no paywall, every account has the top plan's businesses
     * and articles a month, usage is still counted. Unset: Polar bills (POLAR_ACCESS_TOKEN), or
     * in full demo mode its stand-in does.
     */
    BILLING: z.preprocess(emptyAsUndefined, z.enum(['off'], { error: 'must be off, or unset to bill through Polar' }).optional()),
    /**
     * Tests only: lets the safe fetcher reach loopback addresses (a test site served by the test).
     * Private, link-local and metadata addresses stay refused. Never in production.
     */
    FETCH_ALLOW_LOOPBACK: booleanFlag(false),
    /** false: this process only serves HTTP and enqueues; run `npm run worker` elsewhere [true] */
    JOB_WORKER: booleanFlag(true),
    LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info')),
    ...Object.fromEntries(
      SOCIAL_PROVIDERS.flatMap((provider) => {
        const names = providerEnvNames(provider)
        return [
          [names.id, optionalString],
          [names.secret, optionalString],
        ]
      }),
    ),
  })
  .transform((raw) => {
    const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '')
    const values = raw as unknown as Record<string, string | undefined>
    const socialProviders = Object.fromEntries(
      SOCIAL_PROVIDERS.flatMap((provider) => {
        const names = providerEnvNames(provider)
        const clientId = values[names.id]
        const clientSecret = values[names.secret]
        return clientId && clientSecret ? [[provider, { clientId, clientSecret }]] : []
      }),
    ) as Partial<Record<SocialProviderId, { clientId: string; clientSecret: string }>>
    return {
      ...raw,
      APP_URL: appUrl,
      BETTER_AUTH_SECRET: raw.BETTER_AUTH_SECRET ?? (raw.NODE_ENV === 'test' ? TEST_SECRET : secretFromDataDir(raw.DATA_DIR)),
      ENCRYPTION_KEY:
        raw.ENCRYPTION_KEY ?? (raw.NODE_ENV === 'test' ? TEST_ENCRYPTION_KEY : secretFromDataDir(raw.DATA_DIR, 'encryption-key')),
      socialProviders,
    }
  })
  .superRefine((env, ctx) => {
    if (env.BETTER_AUTH_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['BETTER_AUTH_SECRET'], message: 'must be at least 32 characters' })
    }
    const billingIssue = billingConfigIssue(env)
    if (billingIssue) ctx.addIssue({ code: 'custom', path: ['BILLING'], message: billingIssue })
  })

/**
 * Billing must be chosen as soon as a paid engine is real: the stand-in Polar (which activates any
 * plan for free) is kept to full demo mode, so without Polar or BILLING=off new users could not
 * subscribe at all, and a silent fallback would give real AI spend away.
 */
export function billingConfigIssue(env: Parameters<typeof livePaidEngines>[0]): string | undefined {
  if (env.BILLING === 'off' && env.POLAR_ACCESS_TOKEN) {
    return (
      'BILLING=off and POLAR_ACCESS_TOKEN are both set: ' +
      'unset POLAR_ACCESS_TOKEN to run without billing, or unset BILLING to bill through Polar'
    )
  }
  const live = livePaidEngines(env)
  if (live.length === 0 || env.POLAR_ACCESS_TOKEN || env.BILLING === 'off') return undefined
  return (
    `${live.join(', ')} ${live.length === 1 ? 'is' : 'are'} configured, so billing must be too: ` +
    'set POLAR_ACCESS_TOKEN (with POLAR_WEBHOOK_SECRET and POLAR_PRODUCT_*) to charge users through Polar, ' +
    'or BILLING=off to self-host without billing (every account gets the top plan)'
  )
}

export type Env = z.output<typeof envSchema>

export class EnvError extends Error {
  override name = 'EnvError'
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  return result.data
}

let cached: Env | undefined
/** The process environment, parsed once. */
export function env(): Env {
  cached ??= parseEnv()
  return cached
}

/** Only for tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined
}
