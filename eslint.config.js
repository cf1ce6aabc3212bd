// ESLint: the recommended JavaScript and TypeScript rules, React's hook rules for code that runs in
// the browser, and the layer boundaries (features and components never import
// the server; components never import features; shared imports only shared; the server's layers
// import only the layers below them).
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from '@rankpilot/eslint-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

/** An import of `~/<dir>` or a relative import reaching a `<dir>` folder, for each dir given. */
function layerPattern(dirs, message) {
  return { regex: `^(~/|(\\.{1,2}/)+(.*/)?)(${dirs.join('|')})(/|$)`, message }
}

const outboundMessage =
  'Requests to an address a user supplied or a page pointed to go through ~/server/outbound (safeFetcher, createOutboundFetch, appConnectorFetch); vendor APIs through createProviderFetch.'

// ── The server's layers (docs/decisions/0020-server-layers.md) ────────────────────────────────
// Bottom to top; a layer imports only the layers below it (the folders of one layer may import
// each other). Every folder of src/server not named here is a domain, so a new one is held by the
// rule from the start. Tests are exempt: they build their fixtures across layers.
const FOUNDATION = ['db', 'outbound', 'http', 'email', 'media', 'data-table']
const FOUNDATION_FILES = ['logger', 'ids', 'rate-limit']
const PROVIDERS = ['providers', 'demo-network']
const PLATFORM = ['jobs', 'rpc', 'access', 'auth']
const COMPOSITION = ['app', 'api', 'mcp', 'demo', 'config']
const DOMAINS = readdirSync(new URL('src/server/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && ![...FOUNDATION, ...PROVIDERS, ...PLATFORM, ...COMPOSITION].includes(entry.name))
  .map((entry) => entry.name)

/**
 * An import of `~/server/<dir>` (or `~/server`, the entry), or a relative import reaching a
 * `<dir>` folder, for each dir given; `allowed`: modules of those folders it may still import.
 */
function serverLayerPattern(dirs, message, allowed = []) {
  const except = allowed.length > 0 ? `(?!(${allowed.join('|')})$)` : ''
  return { regex: `^((~/server/|(\\.\\./)+(server/)?)${except}(${dirs.join('|')})(/|$)|~/server$)`, message }
}

const inFolders = (dirs) => dirs.map((dir) => `src/server/${dir}/**/*.ts`)

const layerMessage = (layer, below) =>
  `${layer} import only ${below} (docs/decisions/0020-server-layers.md): move what both need down, or pass it in from the composition root (src/server/app).`

/** The layer patterns of each layer, and the files each applies to. */
const SERVER_LAYERS = [
  {
    files: [...inFolders(FOUNDATION), ...FOUNDATION_FILES.map((name) => `src/server/${name}.ts`)],
    doors: ['src/server/outbound/**/*.ts', 'src/env.ts'],
    patterns: [
      serverLayerPattern(
        [...PROVIDERS, ...PLATFORM, ...DOMAINS, ...COMPOSITION],
        layerMessage('Foundation modules', 'the foundation and ~/shared'),
      ),
    ],
  },
  {
    files: inFolders(['providers']),
    doors: ['src/server/providers/http.ts', 'src/server/providers/youtube/client.ts'],
    patterns: [
      serverLayerPattern(
        [...PLATFORM, ...DOMAINS, ...COMPOSITION],
        layerMessage('Providers', 'providers and the foundation'),
        // The CMS stand-ins live beside their connectors (docs/decisions/0021-connector-folders.md)
        // but belong to the demo network: the rule below lets only demo-mode.ts import them.
        ['publishing/connectors/[^/]+/mock[^/]*'],
      ),
    ],
  },
  {
    files: inFolders(['demo-network']),
    patterns: [
      serverLayerPattern(
        [...PLATFORM, ...DOMAINS, ...COMPOSITION],
        layerMessage('The demo network', 'providers and the foundation'),
        // The stand-in LLM answers the app's own prompts, so it reads their contract: the article
        // prompts' schemas and labels, the banned-phrase scrubber, the voice profile's schema
        // name. Nothing else of a domain.
        ['articles/prompts', 'articles/prompt-labels', 'articles/banned-phrases', 'settings/voice-prompt'],
      ),
    ],
  },
  {
    files: inFolders(PLATFORM),
    patterns: [
      serverLayerPattern(
        [...DOMAINS, ...COMPOSITION],
        layerMessage('The platform (jobs, rpc, access, auth)', 'the platform, providers and the foundation'),
      ),
    ],
  },
  {
    files: inFolders(DOMAINS),
    patterns: [serverLayerPattern(COMPOSITION, layerMessage('Domains', 'domains, the platform, providers and the foundation'))],
  },
]

/** The modules that may open connections (the outbound rule below): each layer lists its own as `doors`. */
const OUTBOUND_DOORS = SERVER_LAYERS.flatMap((layer) => layer.doors ?? [])
const outboundPaths = ['node:http', 'node:https', 'node:net', 'node:tls', 'http', 'https', 'net', 'tls', 'undici'].map((name) => ({
  name,
  message: outboundMessage,
}))

const serverLayer = layerPattern(
  ['server', 'env'],
  'Browser code never imports the server or its environment, not even types: put shared types and rules in ~/shared, call the server through ~/lib.',
)

/** The one module allowed to import the demo network outside tests. */
const DEMO_NETWORK_DOOR = 'src/server/providers/demo-mode.ts'

/** An import of `~/…/demo-network/…` or a relative import reaching a demo-network folder. */
const demoNetworkPattern = {
  regex: '^(~/|(\\.{1,2}/)+)(.*/)?demo-network(/|$)',
  message: `The demo network is imported only by ${DEMO_NETWORK_DOOR}, the one module that wires demo mode, and by tests: import what the app needs from there.`,
}

/** Each CMS connector's stand-in, kept beside its client: mock.ts and its mock-*.ts helpers. */
const CONNECTOR_MOCKS = 'src/server/publishing/connectors/*/mock*.ts'

/**
 * An import of a connector's stand-in: `~/…/connectors/<cms>/mock…` or a relative path reaching
 * one, and, from inside a connector's folder, `./mock…` or `../<cms>/mock…`.
 */
const connectorMockPattern = {
  regex: '^(~/|(\\.{1,2}/)+)((.*/)?connectors/[^/]+/|([^/]+/)?)mock([-.][^/]*)?$',
  message: `A connector's stand-in (connectors/<cms>/mock*.ts) belongs to the demo network: it is imported only by ${DEMO_NETWORK_DOOR} and by tests, never by the connector or other app code.`,
}

export default tseslint.config(
  {
    ignores: ['dist/', '.output/', '.tanstack/', '.vinxi/', '.data/', 'test-results/', 'drizzle/', 'src/routeTree.gen.ts', 'public/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**'],
    rules: {
      // Tells React Compiler users that a hook (TanStack Table's) cannot be auto-memoised. We do
      // not run the compiler, and memoise by hand where it matters.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverLayer] }] },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverLayer,
            layerPattern(
              ['features'],
              'Components are generic: they never import a feature. Move what both need into components/ or pass it in.',
            ),
          ],
        },
      ],
    },
  },
  {
    // Every request to an address a user supplied or an answer pointed to goes through the
    // outbound fetchers (src/server/outbound: the address policy at every hop, docs/product/limits.md);
    // the operator's vendor APIs through createProviderFetch (providers/http.ts). Nothing else in the
    // server opens a connection of its own.
    // The connection modules themselves (outboundPaths) are refused by the layer blocks below, which
    // hold the server's one no-restricted-imports.
    files: ['src/server/**/*.ts'],
    ignores: [...OUTBOUND_DOORS, '**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: outboundMessage }],
      'no-restricted-properties': ['error', { object: 'globalThis', property: 'fetch', message: outboundMessage }],
    },
  },
  // The server's layers, with the outbound rule's modules: one no-restricted-imports per file, so
  // both sets live in each block (a later block's options replace an earlier one's).
  {
    files: ['src/server/**/*.ts'],
    ignores: [...OUTBOUND_DOORS, '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: outboundPaths }] },
  },
  ...SERVER_LAYERS.flatMap(({ files, doors = [], patterns }) => [
    { files, ignores: [...doors, '**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { paths: outboundPaths, patterns }] } },
    ...(doors.length > 0 ? [{ files: doors, ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns }] } }] : []),
  ]),
  {
    // The demo network (src/server/demo-network: every vendor's stand-in) and the CMS stand-ins
    // kept beside their connectors (connectors/<cms>/mock*.ts, docs/decisions/0021-connector-folders.md)
    // are reached only through the one module that wires demo mode, and from tests and benchmarks,
    // so no feature code learns which mode it runs in (docs/decisions/0005-providers-and-demo-mode.md).
    // One block for both: a later block setting the same rule would replace this one's patterns.
    // The TypeScript variant of the rule, so that it adds to the layer rules' no-restricted-imports
    // above instead of replacing them.
    files: ['**/*.{ts,tsx}'],
    ignores: [DEMO_NETWORK_DOOR, 'src/server/demo-network/**', CONNECTOR_MOCKS, '**/*.test.{ts,tsx}', 'tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [demoNetworkPattern, connectorMockPattern] }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layerPattern(
              ['server', 'features', 'components', 'lib', 'routes', 'env'],
              'Shared code runs on both sides and imports only ~/shared and libraries.',
            ),
          ],
        },
      ],
    },
  },
)
