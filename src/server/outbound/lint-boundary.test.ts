import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The lint rule that keeps every connection in src/server/outbound (eslint.config.js): code
// elsewhere in the server that opens one of its own fails `npm test`.

const eslint = new ESLint({ cwd: process.cwd() })
const PROBE = [
  "import http from 'node:http'",
  "import { request } from 'https'",
  "export const viaFetch = () => fetch('https://customer.example/')",
  "export const viaGlobal = () => globalThis.fetch('https://customer.example/')",
  'export const modules = [http, request]',
].join('\n')

async function ruleIds(filePath: string) {
  const [result] = await eslint.lintText(PROBE, { filePath })
  return result!.messages.map((message) => `${message.line}:${message.ruleId}`)
}

describe('the outbound lint boundary', () => {
  it('refuses fetch, globalThis.fetch and node:http/https anywhere else in the server', async () => {
    expect(await ruleIds('src/server/publishing/probe.ts')).toEqual([
      '1:no-restricted-imports',
      '2:no-restricted-imports',
      '3:no-restricted-globals',
      '4:no-restricted-properties',
    ])
  }, 30_000)

  it('allows them inside src/server/outbound', async () => {
    expect(await ruleIds('src/server/outbound/probe.ts')).toEqual([])
  }, 30_000)
})
