import { defineConfig } from 'vitest/config'

// Suites (scripts/test.sh runs them all):
//   unit      src/**/*.test.ts            no database (and bench/**/*.test.ts: the benchmarks' helpers)
//   pglite    src/**/*.int.test.ts        integration on in-memory PGlite
//   postgres  src/**/*.int.test.ts        the same files on a real PostgreSQL server
//                                          (only when RANKPILOT_TEST_PG_URL is set)
//   browser   tests/e2e/**/*.e2e.ts       Chromium against the built server
const pgUrl = process.env.RANKPILOT_TEST_PG_URL

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
          include: ['src/**/*.int.test.ts'],
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
                include: ['src/**/*.int.test.ts'],
                env: { ...shared.env, TEST_DATABASE_URL: pgUrl },
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
