import { configDefaults, defineConfig } from 'vitest/config'

// Suites (scripts/test.sh runs them all):
//   unit      src/**/*.test.ts            no database (and bench/**/*.test.ts: the benchmarks' helpers)
//   pglite    src/**/*.int.test.ts        integration on in-memory PGlite
//   postgres  src/**/*.int.test.ts        the same files on a real PostgreSQL server
//                                          (only when RANKPILOT_TEST_PG_URL is set)
//   browser   tests/e2e/**/*.e2e.ts       Chromium against the built server
//
// Integration files named *.wp.int.test.ts also talk to a real WordPress, the one
// scripts/wordpress-test-server.sh starts (scripts/test.sh does, once per run): they run in both
// integration projects when RANKPILOT_TEST_WP_URL is set and are left out, with a warning, when it
// is not. Both projects share that WordPress, so each file's posts are its own (unique slugs;
// docs/decisions/0017-real-wordpress-in-tests.md).
const pgUrl = process.env.RANKPILOT_TEST_PG_URL
const WP_FILES = 'src/**/*.wp.int.test.ts'
const wordpressEnv = Object.fromEntries(
  (['RANKPILOT_TEST_WP_URL', 'RANKPILOT_TEST_WP_USER', 'RANKPILOT_TEST_WP_PASSWORD'] as const).flatMap((name) => {
    const value = process.env[name]
    return value ? [[name, value]] : []
  }),
)
const withWordpress = Boolean(wordpressEnv.RANKPILOT_TEST_WP_URL)
if (!withWordpress) {
  console.warn(
    `RANKPILOT_TEST_WP_URL is not set: ${WP_FILES} left out (npm test starts a WordPress; alone: bash scripts/wordpress-test-server.sh)`,
  )
}
const integration = {
  include: ['src/**/*.int.test.ts'],
  exclude: [...configDefaults.exclude, ...(withWordpress ? [] : [WP_FILES])],
}

const shared = {
  env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  testTimeout: 20_000,
  hookTimeout: 60_000,
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // The default output, then one summary line per project (scripts/test-summary-reporter.mjs).
    reporters: ['default', './scripts/test-summary-reporter.mjs'],
    projects: [
      {
        extends: true,
        test: { ...shared, name: 'unit', include: ['src/**/*.test.ts', 'bench/**/*.test.ts'], exclude: ['src/**/*.int.test.ts'] },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: 'pglite',
          ...integration,
          env: { ...shared.env, ...wordpressEnv },
          globalSetup: ['tests/fixtures/pglite-template.setup.ts'],
        },
      },
      ...(pgUrl
        ? [
            {
              extends: true,
              test: {
                ...shared,
                name: 'postgres',
                ...integration,
                env: { ...shared.env, ...wordpressEnv, TEST_DATABASE_URL: pgUrl },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/e2e/**/*.e2e.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          // One server, one browser: files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
})
