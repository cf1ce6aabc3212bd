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
})
