import { http, HttpResponse, type RequestHandler } from 'msw'
import { withFaults } from '../mock-faults'
import { DATAFORSEO_DEFAULT_URL } from '~/server/providers/dataforseo/client'
import { marketLanguage } from '~/shared/markets'
import { countryOfLocation } from '~/server/providers/dataforseo/locations'
import { checkKeywords, ENDPOINTS, invalidField, type MockOptions, type Task } from './mock-endpoints'
import * as gen from './mock-data'

/**
 * DataForSEO v3 as MSW handlers, in its exact envelope. Credentials: any Basic login/password is
 * accepted EXCEPT the password "wrong", which answers HTTP 401 like a bad account does, so tests
 * and demo users can see the credentials error. A missing or unreadable Authorization header is
 * a 401 too.
 */

const VERSION = '0.1.20250526'
const UNAUTHORIZED = 'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access'

const seconds = (seed: string) => `${(0.05 + gen.unitHash(seed, 'time') * 2).toFixed(4)} sec.`

function authorized(header: string | null) {
  const match = /^Basic\s+(.+)$/i.exec(header ?? '')
  if (!match) return false
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon > 0 && decoded.slice(colon + 1) !== 'wrong'
}

function envelope(statusCode: number, statusMessage: string, tasks: Task[] | null, seed: string) {
  const cost = gen.round(
    (tasks ?? []).reduce((sum, task) => sum + Number(task.cost), 0),
    4,
  )
  const tasksError = (tasks ?? []).filter((task) => task.status_code !== 20000).length
  return {
    version: VERSION,
    status_code: statusCode,
    status_message: statusMessage,
    time: seconds(seed),
    cost,
    tasks_count: tasks?.length ?? 0,
    tasks_error: tasksError,
    tasks,
  }
}

export function dataforseoHandlers(options: { baseUrl?: string } & MockOptions = {}): RequestHandler[] {
  const base = (options.baseUrl ?? DATAFORSEO_DEFAULT_URL).replace(/\/+$/, '')
  return Object.entries(ENDPOINTS).map(([path, endpoint]) =>
    http.post(
      `${base}/v3/${path}`,
      withFaults('dataforseo', async ({ request }) => {
        if (!authorized(request.headers.get('authorization'))) {
          return HttpResponse.json(envelope(40100, UNAUTHORIZED, null, path), { status: 401 })
        }
        const posted = await request.json().catch(() => undefined)
        if (!Array.isArray(posted) || posted.length === 0 || !posted.every((t) => t && typeof t === 'object')) {
          return HttpResponse.json(envelope(40503, 'POST Data Is Invalid.', null, path))
        }
        const tasks = (posted as Task[]).map((task, i) => {
          const seed = `${path}|${JSON.stringify(task)}|${i}`
          const base = { id: gen.taskId(seed), time: seconds(seed), path: ['v3', ...path.split('/')] }
          const data = { api: path.split('/')[0], function: path.split('/').at(-2), ...task }
          const fail = (code: number, message: string) => ({
            ...base,
            status_code: code,
            status_message: message,
            cost: 0,
            result_count: 0,
            data,
            result: null,
          })
          // Live endpoints run only the first task of the array.
          if (i > 0) return fail(40000, 'You can set only one task at a time.')
          const location = task.location_code
          const market = { location_code: Number(location ?? 2840), language_code: String(task.language_code ?? 'en') }
          let outcome = checkKeywords(task)
          // Like the real API: a location or language it does not serve is an invalid field (src/shared/markets.ts).
          if (!outcome && location !== undefined && !countryOfLocation(market.location_code)) outcome = invalidField('location_code')
          if (!outcome && task.language_code !== undefined && !marketLanguage(market.language_code)) outcome = invalidField('language_code')
          outcome ??= endpoint(task, market, options)
          if ('error' in outcome) return fail(...outcome.error)
          return {
            ...base,
            status_code: 20000,
            status_message: 'Ok.',
            cost: outcome.cost,
            result_count: outcome.result.length,
            data,
            result: outcome.result,
          }
        })
        return HttpResponse.json(envelope(20000, 'Ok.', tasks, path))
      }),
    ),
  )
}
