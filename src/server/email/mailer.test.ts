import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer, type AddressInfo, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailer } from './mailer'
import { renderActionEmail } from './templates'

const message = {
  to: 'ada@example.com',
  subject: 'Verify your email',
  ...renderActionEmail({
    appName: 'Rankpilot',
    heading: 'Verify <your> email',
    intro: ['Hi Ada,'],
    action: { label: 'Verify', url: 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F' },
    outro: ['The link works for 1 hour.'],
  }),
}

/** The smallest SMTP server nodemailer will talk to: accepts everything, keeps each DATA block. */
function fakeSmtpServer() {
  const received: string[] = []
  const server = createServer((socket) => {
    let buffer = ''
    let inData = false
    socket.write('220 fake ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          received.push(buffer.slice(0, end))
          buffer = buffer.slice(end + 5)
          inData = false
          socket.write('250 OK\r\n')
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline === -1) return
        const command = buffer.slice(0, newline).toUpperCase()
        buffer = buffer.slice(newline + 2)
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 fake\r\n')
        else if (command.startsWith('DATA')) {
          inData = true
          socket.write('354 go ahead\r\n')
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n')
        else socket.write('250 OK\r\n')
      }
    })
  })
  return { server, received }
}

let server: Server | undefined
let dir: string | undefined
afterEach(async () => {
  await new Promise((done) => (server ? server.close(done) : done(undefined)))
  if (dir) await rm(dir, { recursive: true, force: true })
  server = undefined
  dir = undefined
})

describe('createMailer', () => {
  it('writes an .eml with text and HTML parts to the outbox when SMTP_URL is unset', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rankpilot-outbox-'))
    await createMailer({ from: 'Rankpilot <no-reply@rankpilot.local>', outboxDir: join(dir, 'outbox') }).send(message)
    const files = await readdir(join(dir, 'outbox'))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.eml$/)
    const raw = await readFile(join(dir, 'outbox', files[0]), 'utf8')
    expect(raw).toMatch(/^From: Rankpilot <no-reply@rankpilot\.local>$/m)
    expect(raw).toMatch(/^To: ada@example\.com$/m)
    expect(raw).toContain('Content-Type: text/plain')
    expect(raw).toContain('Content-Type: text/html')
    expect(raw).toContain('Verify &lt;your&gt; email')
  })

  it('sends over SMTP when SMTP_URL is set, and writes nothing', async () => {
    const fake = fakeSmtpServer()
    server = fake.server
    await new Promise<void>((done) => fake.server.listen(0, '127.0.0.1', done))
    const { port } = fake.server.address() as AddressInfo
    dir = await mkdtemp(join(tmpdir(), 'rankpilot-outbox-'))
    await createMailer({
      from: 'Rankpilot <no-reply@rankpilot.local>',
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: join(dir, 'outbox'),
    }).send(message)
    expect(fake.received).toHaveLength(1)
    expect(fake.received[0]).toMatch(/^Subject: Verify your email$/m)
    expect(fake.received[0]).toMatch(/^To: ada@example\.com$/m)
    expect(await readdir(join(dir, 'outbox')).catch(() => [])).toEqual([])
  })
})

describe('renderActionEmail', () => {
  it('gives a readable text version with the link on its own line', () => {
    expect(message.text).toBe(
      [
        'Verify <your> email',
        '',
        'Hi Ada,',
        '',
        'Verify: http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2F',
        '',
        'The link works for 1 hour.',
        '',
        'The Rankpilot team',
      ].join('\n'),
    )
  })

  it('escapes the link inside the HTML', () => {
    expect(message.html).toContain('href="http://localhost:3000/api/auth/verify-email?token=abc&amp;callbackURL=%2F"')
  })
})
