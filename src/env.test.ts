import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EnvError, parseEnv, SOCIAL_PROVIDERS } from './env'

const base = { NODE_ENV: 'test' }

describe('parseEnv', () => {
  it('defaults: port 3000, APP_URL on that port, Rankpilot, PGlite under .data', () => {
    const env = parseEnv(base)
    expect(env).toMatchObject({
      PORT: 3000,
      APP_URL: 'http://localhost:3000',
      APP_NAME: 'Rankpilot',
      DATA_DIR: '.data',
      REQUIRE_EMAIL_VERIFICATION: false,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.socialProviders).toEqual({})
  })

  it('derives APP_URL from PORT and strips a trailing slash from an explicit one', () => {
    expect(parseEnv({ ...base, PORT: '4100' }).APP_URL).toBe('http://localhost:4100')
    expect(parseEnv({ ...base, APP_URL: 'https://app.rankpilot.io/' }).APP_URL).toBe('https://app.rankpilot.io')
  })

  it('treats empty strings as unset', () => {
    const env = parseEnv({ ...base, PORT: '', DATABASE_URL: ' ', APP_NAME: '' })
    expect([env.PORT, env.DATABASE_URL, env.APP_NAME]).toEqual([3000, undefined, 'Rankpilot'])
  })

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['APP_URL', 'ftp://example.com'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['REQUIRE_EMAIL_VERIFICATION', 'maybe'],
    ['BETTER_AUTH_SECRET', 'too-short'],
  ])('names the variable when %s=%s is invalid', (name, value) => {
    expect(() => parseEnv({ ...base, [name]: value })).toThrow(EnvError)
    expect(() => parseEnv({ ...base, [name]: value })).toThrow(new RegExp(`^Invalid environment configuration:\\n  ${name}:`))
  })

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('REQUIRE_EMAIL_VERIFICATION=%s → %s', (value, expected) => {
    expect(parseEnv({ ...base, REQUIRE_EMAIL_VERIFICATION: value }).REQUIRE_EMAIL_VERIFICATION).toBe(expected)
  })

  it('enables a social provider only when both its client id and secret are set', () => {
    const env = parseEnv({
      ...base,
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GITHUB_CLIENT_ID: 'github-id',
      DISCORD_CLIENT_SECRET: 'discord-secret',
    })
    expect(env.socialProviders).toEqual({ google: { clientId: 'google-id', clientSecret: 'google-secret' } })
  })

  it('knows the 22 social providers', () => {
    expect(SOCIAL_PROVIDERS).toHaveLength(22)
    const all = Object.fromEntries(
      SOCIAL_PROVIDERS.flatMap((p) => [
        [`${p.toUpperCase()}_CLIENT_ID`, `${p}-id`],
        [`${p.toUpperCase()}_CLIENT_SECRET`, `${p}-secret`],
      ]),
    )
    expect(Object.keys(parseEnv({ ...base, ...all }).socialProviders)).toEqual([...SOCIAL_PROVIDERS])
  })

  describe('billing', () => {
    it.each([
      ['AI writing', { LLM_API_KEY: 'sk-real' }],
      ['AI writing', { LLM_BASE_URL: 'http://localhost:11434/v1' }],
      ['Images', { IMAGES_BASE_URL: 'https://images.example/v1' }],
      ['Keyword data', { DATAFORSEO_LOGIN: 'me', DATAFORSEO_PASSWORD: 'pw' }],
    ])('refuses to start with %s configured and neither Polar nor BILLING=off, naming both ways out', (engine, live) => {
      const parse = () => parseEnv({ ...base, ...live })
      expect(parse).toThrow(EnvError)
      expect(parse).toThrow(
        `Invalid environment configuration:\n  BILLING: ${engine} is configured, so billing must be too: ` +
          'set POLAR_ACCESS_TOKEN (with POLAR_WEBHOOK_SECRET and POLAR_PRODUCT_*) to charge users through Polar, ' +
          'or BILLING=off to self-host without billing (every account gets the top plan)',
      )
    })

    it('names every configured paid engine', () => {
      expect(() => parseEnv({ ...base, LLM_API_KEY: 'sk', IMAGES_API_KEY: 'sk' })).toThrow(/BILLING: AI writing, Images are configured/)
    })

    it('accepts a paid engine with Polar or with BILLING=off, and BILLING=off alone', () => {
      expect(parseEnv({ ...base, LLM_API_KEY: 'sk-real', POLAR_ACCESS_TOKEN: 'polar_oat_1' }).BILLING).toBeUndefined()
      expect(parseEnv({ ...base, LLM_BASE_URL: 'http://localhost:11434/v1', BILLING: 'off' }).BILLING).toBe('off')
      expect(parseEnv({ ...base, BILLING: 'off' }).BILLING).toBe('off')
      // Full demo mode: nothing paid is real, the stand-in Polar bills.
      expect(parseEnv({ ...base, BILLING: '' }).BILLING).toBeUndefined()
    })

    it('refuses BILLING=off beside POLAR_ACCESS_TOKEN, and any other BILLING value', () => {
      expect(() => parseEnv({ ...base, BILLING: 'off', POLAR_ACCESS_TOKEN: 'polar_oat_1' })).toThrow(
        /^Invalid environment configuration:\n {2}BILLING: BILLING=off and POLAR_ACCESS_TOKEN are both set: unset POLAR_ACCESS_TOKEN/,
      )
      expect(() => parseEnv({ ...base, BILLING: 'on' })).toThrow(
        'Invalid environment configuration:\n  BILLING: must be off, or unset to bill through Polar',
      )
    })
  })

  describe('auth secret outside tests', () => {
    let dir: string | undefined
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true })
      dir = undefined
    })

    it('generates one secret in the data folder (mode 0600) and reuses it', () => {
      dir = mkdtempSync(join(tmpdir(), 'rankpilot-env-'))
      const first = parseEnv({ NODE_ENV: 'production', DATA_DIR: dir }).BETTER_AUTH_SECRET
      const second = parseEnv({ NODE_ENV: 'production', DATA_DIR: dir }).BETTER_AUTH_SECRET
      expect(first).toHaveLength(43)
      expect(second).toBe(first)
      expect(readFileSync(join(dir, 'auth-secret'), 'utf8')).toBe(first)
      expect(statSync(join(dir, 'auth-secret')).mode & 0o777).toBe(0o600)
    })

    it('keeps an existing secret file and never overwrites it on a read error', () => {
      dir = mkdtempSync(join(tmpdir(), 'rankpilot-env-'))
      writeFileSync(join(dir, 'auth-secret'), 'y'.repeat(40))
      expect(parseEnv({ NODE_ENV: 'production', DATA_DIR: dir }).BETTER_AUTH_SECRET).toBe('y'.repeat(40))
      const blocked = join(dir, 'blocked')
      mkdirSync(join(blocked, 'auth-secret'), { recursive: true })
      expect(() => parseEnv({ NODE_ENV: 'production', DATA_DIR: blocked })).toThrow(/EISDIR/)
    })

    it('prefers BETTER_AUTH_SECRET when set', () => {
      dir = mkdtempSync(join(tmpdir(), 'rankpilot-env-'))
      const secret = 'x'.repeat(40)
      expect(parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, BETTER_AUTH_SECRET: secret }).BETTER_AUTH_SECRET).toBe(secret)
    })
  })
})
