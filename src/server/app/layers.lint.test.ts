import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The server's layers (docs/decisions/0020-server-layers.md), held by no-restricted-imports in
// eslint.config.js: code placed in a lower layer that imports a higher one fails `npm test`,
// types included, and the outbound rule still holds beside the layer rule.

const eslint = new ESLint({ cwd: process.cwd() })
const RULE = 'no-restricted-imports'

async function errorsOf(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.map((message) => `${message.line}:${message.ruleId}`)
}

/** One line per import, each used, so the only errors are the imports'. */
function probe(...specifiers: string[]) {
  const lines = specifiers.map((specifier, index) => `import * as m${index} from '${specifier}'`)
  return [...lines, `export const probe = [${specifiers.map((_, index) => `m${index}`).join(', ')}]`].join('\n')
}

const refusedOnEveryLine = (count: number) => Array.from({ length: count }, (_, index) => `${index + 1}:${RULE}`)

describe('the server layers lint rule', () => {
  it('refuses a domain in providers, by alias or relative path, types included', async () => {
    const code = [
      "import { getOwnedBusiness } from '~/server/access/business'",
      "import type { Article } from '~/server/articles/articles.service'",
      "import { x } from '../articles/html'",
      "import { y } from '../../settings/settings.service'",
      'export const probe = [getOwnedBusiness, null as Article | null, x, y]',
    ].join('\n')
    expect(await errorsOf(code, 'src/server/providers/probe.ts')).toEqual(refusedOnEveryLine(4))
    expect(await errorsOf(code, 'src/server/providers/gsc/probe.ts')).toEqual(refusedOnEveryLine(4))
  }, 60_000)

  it('refuses a domain or the composition root in jobs, rpc, access and auth', async () => {
    const code = probe('~/server/billing/usage', '~/server/articles/articles.service', '~/server/app/router', '~/server/demo/demo-account')
    for (const file of ['jobs/probe.ts', 'jobs/kinds/probe.ts', 'rpc/probe.ts', 'access/probe.ts', 'auth/probe.ts']) {
      expect(await errorsOf(code, `src/server/${file}`), file).toEqual(refusedOnEveryLine(4))
    }
  }, 60_000)

  it('refuses everything above the foundation in the foundation', async () => {
    const code = probe('~/server/providers', '~/server/rpc/errors', '~/server/business/business.service', '~/server/app/auth')
    for (const file of ['db/probe.ts', 'outbound/probe.ts', 'media/probe.ts', 'logger.ts']) {
      expect(await errorsOf(code, `src/server/${file}`), file).toEqual(refusedOnEveryLine(4))
    }
  }, 60_000)

  it('refuses the composition root in a domain, and counts a new folder as a domain', async () => {
    const code = probe('~/server/app/auth', '~/server/api/api-router', '~/server/mcp/mcp-tools', '~/server/config/public-config')
    expect(await errorsOf(code, 'src/server/articles/probe.ts')).toEqual(refusedOnEveryLine(4))
    const up = probe('~/server/keywords/keywords.service')
    expect(await errorsOf(up, 'src/server/rpc/probe.ts')).toEqual(refusedOnEveryLine(1))
  }, 60_000)

  it('lets each layer import the layers below it, and domains each other', async () => {
    expect(await errorsOf(probe('~/server/db', '~/server/logger', '~/shared/text'), 'src/server/providers/probe.ts')).toEqual([])
    expect(await errorsOf(probe('~/server/providers', '~/server/access/business'), 'src/server/rpc/probe.ts')).toEqual([])
    expect(await errorsOf(probe('~/server/rpc/procedures', '~/server/billing/usage'), 'src/server/articles/probe.ts')).toEqual([])
    expect(await errorsOf(probe('~/server/articles/articles.router', '~/server/auth'), 'src/server/app/probe.ts')).toEqual([])
  }, 60_000)

  it('lets the demo network read the prompt contracts it answers, and nothing else of a domain', async () => {
    const code = probe('~/server/articles/prompts', '~/server/settings/voice-prompt', '~/server/articles/articles.service')
    expect(await errorsOf(code, 'src/server/demo-network/llm/probe.ts')).toEqual([`3:${RULE}`])
  }, 60_000)

  it('keeps the outbound rule beside the layer rule, and its doors', async () => {
    const code = probe('node:http', '~/server/articles/html')
    expect(await errorsOf(code, 'src/server/providers/probe.ts')).toEqual(refusedOnEveryLine(2))
    expect(await errorsOf(code, 'src/server/providers/http.ts')).toEqual([`2:${RULE}`])
    expect(await errorsOf(probe('node:http'), 'src/server/app/probe.ts')).toEqual([`1:${RULE}`])
  }, 60_000)

  it('finds no upward import in the real tree', async () => {
    const results = await eslint.lintFiles(['src/server/{providers,jobs,rpc,access,auth,db,media,http,outbound,email}/**/*.ts'])
    const upward = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === RULE)
        .map((message) => `${result.filePath}:${message.line} ${message.message}`),
    )
    expect(upward).toEqual([])
  }, 300_000)
})
