import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createHttpClient, e2eServer, TEST_PASSWORD, uniqueEmail } from '../fixtures/e2e-server'
import { deferredScriptUrls } from '../fixtures/page-scripts'
import { freePort, serverEnv } from './global-setup'

// The HTTP edge of the production server (src/server/http/): body limits, request ids and the
// security headers, over real sockets.
const server = e2eServer()
const MB = 1024 * 1024
const CHUNK = 64 * 1024

/** The server process's resident memory, in bytes. */
function serverRss() {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) * 1024
}

/** A JSON-looking body of `total` bytes, streamed (chunked, no Content-Length) as it is pulled; `sent()` counts what left. */
function streamedBody(total: number) {
  let sent = 0
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close()
        const size = Math.min(CHUNK, total - sent)
        const chunk = new Uint8Array(size).fill(0x20)
        if (sent === 0) chunk[0] = 0x7b
        sent += size
        controller.enqueue(chunk)
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, sent: () => sent }
}

const rpcHeaders = { 'content-type': 'application/json', 'x-csrf-token': 'orpc', origin: server.baseUrl }
const twoMegabyteJson = JSON.stringify({ json: { email: 'big@example.com', padding: 'x'.repeat(2 * MB) } })

describe('request body limit', () => {
  it('a 2 MB body to /rpc/newsletter/add, signed out, is refused with 413 in oRPC’s error format', async () => {
    const response = await fetch(server.url('/rpc/newsletter/add'), { method: 'POST', headers: rpcHeaders, body: twoMegabyteJson })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({
      json: { defined: false, code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'The request body is larger than the limit of 1 MB.' },
    })
  })

  it('a 2 MB body to /api/auth/sign-up/email is refused with 413 in better-auth’s error format', async () => {
    const body = JSON.stringify({ email: uniqueEmail('big'), password: TEST_PASSWORD, name: 'x'.repeat(2 * MB) })
    const response = await fetch(server.url('/api/auth/sign-up/email'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body,
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than the limit of 1 MB.' })
  })

  it.each([
    ['a 100 MB chunked upload (no length given) is cut off', {}],
    ['a 100 MB upload that declares its length is refused from the header', { 'content-length': String(100 * MB) }],
  ])('%s with 413, and the server’s memory stays flat', async (_case, extraHeaders) => {
    const before = serverRss()
    const upload = streamedBody(100 * MB)
    const response = await fetch(server.url('/rpc/newsletter/add'), {
      method: 'POST',
      headers: { ...rpcHeaders, ...extraHeaders },
      body: upload.stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ json: { code: 'PAYLOAD_TOO_LARGE', status: 413 } })
    const after = serverRss()
    expect(after - before).toBeLessThan(30 * MB)
    // The server stopped reading: most of the upload was never even sent.
    expect(upload.sent()).toBeLessThan(50 * MB)
  })

  it('after a refused body a little over the limit, the next requests are answered (the rest was read and dropped)', async () => {
    for (let i = 0; i < 3; i++) {
      const refused = await fetch(server.url('/rpc/newsletter/add'), {
        method: 'POST',
        headers: rpcHeaders,
        body: streamedBody(1.5 * MB).stream,
        duplex: 'half',
      } as RequestInit)
      expect(refused.status).toBe(413)
      await refused.body?.cancel()
      const next = await fetch(server.url('/rpc/plan/getAll'), { headers: rpcHeaders, signal: AbortSignal.timeout(5000) })
      expect(next.status).toBe(200)
      await next.body?.cancel()
    }
  })

  it('bodies within the limit still work, before and after refused ones', async () => {
    const http = createHttpClient(server.baseUrl)
    const json = { json: { email: uniqueEmail('small') } }
    const { response } = await http.request('/rpc/newsletter/add', { json, headers: { 'x-csrf-token': 'orpc' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ json: { success: true } })
    await http.signUp()
    expect(await http.session()).not.toBeNull()
  })
})

describe('request id', () => {
  it('every response carries one, a new one per request', async () => {
    const ids = await Promise.all(
      ['/', '/api/auth/ok', '/rpc/plan/getAll'].map(async (path) => {
        const response = await fetch(server.url(path), { headers: { 'x-csrf-token': 'orpc' } })
        await response.body?.cancel()
        return response.headers.get('x-request-id')
      }),
    )
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('a sane id from a proxy in front is kept', async () => {
    const response = await fetch(server.url('/api/auth/ok'), { headers: { 'x-request-id': 'edge-proxy-1f2e' } })
    expect(response.headers.get('x-request-id')).toBe('edge-proxy-1f2e')
  })
})

describe('security headers', () => {
  it('pages, API answers and static files all carry nosniff and the referrer policy', async () => {
    const page = await fetch(server.url('/'))
    const html = await page.text()
    const script = deferredScriptUrls(html)[0]
    expect(script).toBeDefined()
    const asset = await fetch(server.url(script!))
    await asset.body?.cancel()
    expect(asset.status).toBe(200)
    const api = await fetch(server.url('/api/auth/ok'))
    for (const response of [page, asset, api]) {
      expect(response.headers.get('x-content-type-options'), response.url).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), response.url).toBe('strict-origin-when-cross-origin')
    }
    expect(api.headers.get('content-security-policy')).toBeNull()
  })

  it('an HTML page’s CSP nonce is the one on its scripts, fresh on every request', async () => {
    const nonces: string[] = []
    for (let i = 0; i < 2; i++) {
      const response = await fetch(server.url('/'))
      const html = await response.text()
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
      expect(nonce).toBeDefined()
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      nonces.push(nonce!)
    }
    expect(nonces[0]).not.toBe(nonces[1])
  })
})

// A server of its own, started as `npm start` starts it, whose output this file reads: the
// suite's shared servers serve other files at the same time.
describe('a client that goes away mid-request', () => {
  const snapshot = inject('snapshotDir')
  let child: ChildProcess | undefined
  let dataDir = ''
  let baseUrl = ''
  let port = 0
  let output = ''

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rankpilot-client-gone-'))
    port = await freePort()
    baseUrl = `http://localhost:${port}`
    child = spawn(process.execPath, [join(snapshot, 'scripts/serve.mjs')], {
      cwd: snapshot,
      env: serverEnv(port, { DATA_DIR: dataDir, LOG_LEVEL: 'debug' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => (output += chunk))
    }
    for (let tries = 0; tries < 600; tries++) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
      const ok = await fetch(`${baseUrl}/api/auth/ok`).then(
        (response) => response.ok,
        () => false,
      )
      if (ok) return
      await new Promise((done) => setTimeout(done, 100))
    }
    throw new Error(`server not ready at ${baseUrl}:\n${output}`)
  }, 90_000)

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child!.once('exit', done))
      child.kill('SIGTERM')
      await exited
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** Sends a request and drops the connection at once, before the answer, as a closed tab does. */
  function requestAndLeave(path: string, requestId: string) {
    return new Promise<void>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nx-request-id: ${requestId}\r\n\r\n`, () => {
          socket.destroy()
          done()
        })
      })
      socket.once('error', fail)
    })
  }

  it('is no error: no stack in the log, one debug line per request, and the server keeps answering', async () => {
    const paths = ['/', '/sign-in', '/sign-up', '/blog', '/pricing']
    const ids = paths.map((_, index) => `e2e-client-gone-${index}-${Date.now().toString(36)}`)
    for (const [index, path] of paths.entries()) await requestAndLeave(path, ids[index]!)

    // Each request is either answered before the connection drops (nothing to log) or aborted.
    // Wait until the server has seen every drop: its next answers come after.
    await expect.poll(() => /went away|Error: aborted/.test(output), { timeout: 15_000 }).toBe(true)
    const home = await fetch(`${baseUrl}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('</html>')
    const ok = await fetch(`${baseUrl}/api/auth/ok`)
    expect(ok.status).toBe(200)

    expect(output).not.toContain('Error: aborted')
    expect(output).not.toContain('ECONNRESET')
    expect(output).not.toMatch(/^\s+at /m)
    expect(output).not.toMatch(/\] (warn|error) /)
    const goneLines = output.split('\n').filter((line) => line.includes('the client went away'))
    expect(goneLines.length).toBeGreaterThan(0)
    for (const line of goneLines) {
      expect(line).toMatch(/^\[rankpilot\] debug GET \S+: the client went away before the answer \(request e2e-client-gone-\d-\w+\)$/)
    }
  }, 60_000)

  it('a real failure is still logged with its stack, and answered 500', async () => {
    // A media file that is a symbolic link loop: stat fails with ELOOP, which no handler expects.
    const folder = join(dataDir, 'media', 'LoopLoop0001')
    await mkdir(folder, { recursive: true })
    await symlink('other.png', join(folder, '0123456789abcdef-loop.png'))
    await symlink('0123456789abcdef-loop.png', join(folder, 'other.png'))
    const response = await fetch(`${baseUrl}/media/LoopLoop0001/0123456789abcdef-loop.png`)
    await response.body?.cancel()
    expect(response.status).toBe(500)
    await expect.poll(() => output, { timeout: 5_000 }).toMatch(/Error: ELOOP[^\n]*0123456789abcdef-loop\.png'\n\s+at /)
  })
})
