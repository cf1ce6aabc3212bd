import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The lint rule that keeps the demo network behind providers/demo-mode.ts (eslint.config.js):
// code elsewhere that imports a stand-in directly fails `npm test`, and the rule adds to the
// outbound rule instead of replacing it.

const eslint = new ESLint({ cwd: process.cwd() })
const PROBE = [
  "import { polarStore } from '~/server/demo-network/polar/store'",
  "import type { DemoPage } from '../../server/demo-network/gsc/demo-data'",
  "import { llmHandlers } from '../demo-network/llm/mock'",
  "import http from 'node:http'",
  'export const probe: [unknown, DemoPage | null, unknown, unknown] = [polarStore, null, llmHandlers, http]',
].join('\n')

async function lint(filePath: string) {
  const [result] = await eslint.lintText(PROBE, { filePath })
  return result!.messages
}

async function ruleIds(filePath: string) {
  return (await lint(filePath)).map((message) => `${message.line}:${message.ruleId}`)
}

const DEMO_RULE = '@typescript-eslint/no-restricted-imports'

// The CMS stand-ins live beside their connectors (connectors/<cms>/mock*.ts) and are kept out of
// app code by the same rule: the probe imports one by each way a domain file could reach it.
const CONNECTOR_PROBE = [
  "import { wordpressHandlers } from '~/server/publishing/connectors/wordpress/mock'",
  "import { blocksProblem } from '../connectors/notion/mock-request-limits'",
  "import { ghostHandlers } from './mock'",
  "import { shopifyHandlers } from '../shopify/mock'",
  "import { classifyGhostFailure } from '../failures'",
  'export const probe = [wordpressHandlers, blocksProblem, ghostHandlers, shopifyHandlers, classifyGhostFailure]',
].join('\n')

async function connectorRuleIds(filePath: string) {
  const [result] = await eslint.lintText(CONNECTOR_PROBE, { filePath })
  return result!.messages.map((message) => `${message.line}:${message.ruleId}`)
}

/** The demo rule's reports only: where a stand-in may be imported, other rules (the server's layers) still apply. */
async function connectorDemoReports(filePath: string) {
  return (await connectorRuleIds(filePath)).filter((id) => id.endsWith(`:${DEMO_RULE}`))
}

describe('the demo network lint boundary', () => {
  it('refuses a direct import of the demo network in server code, types included, and keeps the outbound rule', async () => {
    const messages = await lint('src/server/billing/probe.ts')
    expect(messages.map((message) => `${message.line}:${message.ruleId}`)).toEqual([
      `1:${DEMO_RULE}`,
      `2:${DEMO_RULE}`,
      `3:${DEMO_RULE}`,
      '4:no-restricted-imports',
    ])
    expect(messages[0]!.message).toContain('src/server/providers/demo-mode.ts')
  }, 30_000)

  it('refuses it in routes too', async () => {
    expect(await ruleIds('src/routes/probe.ts')).toEqual([`1:${DEMO_RULE}`, `2:${DEMO_RULE}`, `3:${DEMO_RULE}`])
  }, 30_000)

  it('allows it in the module that wires demo mode, and inside the wing', async () => {
    expect(await ruleIds('src/server/providers/demo-mode.ts')).toEqual(['4:no-restricted-imports'])
    expect(await ruleIds('src/server/demo-network/polar/probe.ts')).toEqual(['4:no-restricted-imports'])
  }, 30_000)

  it('allows it in tests', async () => {
    expect(await ruleIds('src/server/billing/probe.test.ts')).toEqual([])
    expect(await ruleIds('tests/fixtures/probe.ts')).toEqual([])
  }, 30_000)

  it("refuses a connector's stand-in in app code, the connector's own client included", async () => {
    const [result] = await eslint.lintText(CONNECTOR_PROBE, { filePath: 'src/server/articles/probe.ts' })
    expect(result!.messages.map((message) => `${message.line}:${message.ruleId}`)).toEqual([
      `1:${DEMO_RULE}`,
      `2:${DEMO_RULE}`,
      `3:${DEMO_RULE}`,
      `4:${DEMO_RULE}`,
    ])
    expect(result!.messages[0]!.message).toContain("connector's stand-in")
    expect(result!.messages[0]!.message).toContain('src/server/providers/demo-mode.ts')
    expect(await connectorRuleIds('src/server/publishing/connectors/ghost/ghost.ts')).toEqual([
      `1:${DEMO_RULE}`,
      `2:${DEMO_RULE}`,
      `3:${DEMO_RULE}`,
      `4:${DEMO_RULE}`,
    ])
    expect(await connectorRuleIds('src/server/publishing/connectors/index.ts')).toEqual([
      `1:${DEMO_RULE}`,
      `2:${DEMO_RULE}`,
      `3:${DEMO_RULE}`,
      `4:${DEMO_RULE}`,
    ])
  }, 30_000)

  it("allows a connector's stand-in in the module that wires demo mode, in the stand-ins themselves and in tests", async () => {
    expect(await connectorDemoReports('src/server/providers/demo-mode.ts')).toEqual([])
    expect(await connectorDemoReports('src/server/publishing/connectors/ghost/mock.ts')).toEqual([])
    expect(await connectorDemoReports('src/server/publishing/connectors/notion/mock-request-limits.ts')).toEqual([])
    expect(await connectorRuleIds('src/server/publishing/connectors/ghost/ghost.test.ts')).toEqual([])
    expect(await ruleIds('src/server/publishing/connectors/shopify/mock.ts')).toEqual(['4:no-restricted-imports'])
  }, 30_000)
})
