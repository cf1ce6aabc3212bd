import { describe, expect, it } from 'vitest'
import { demoArticlesWritten, stopDemoArticles, writeDemoArticlesInBackground } from './demo-articles'

function recordingLog() {
  const lines: string[] = []
  return { lines, log: { info: (message: string) => lines.push(message), error: (message: string) => lines.push(`error: ${message}`) } }
}

describe('the demo articles written after start-up', () => {
  it('hold back only those who wait for them, and say when they are done', async () => {
    const { lines, log } = recordingLog()
    let finish: (count: number) => void = () => {}
    writeDemoArticlesInBackground(() => new Promise<number>((done) => (finish = done)), log)
    let waited = false
    const waiting = demoArticlesWritten().then(() => (waited = true))
    await new Promise((done) => setTimeout(done, 10))
    expect(waited).toBe(false)
    finish(28)
    await waiting
    expect(lines).toEqual([expect.stringMatching(/^demo articles written \(28 in \d+\.\d s, on the mocks\)$/)])
  })

  it('stop when the server shuts down, and say so rather than claim they were written', async () => {
    const { lines, log } = recordingLog()
    let seen: AbortSignal | undefined
    writeDemoArticlesInBackground(
      (signal) =>
        new Promise<number>((done) => {
          seen = signal
          signal.addEventListener('abort', () => done(3))
        }),
      log,
    )
    await stopDemoArticles()
    expect(seen?.aborted).toBe(true)
    expect(lines).toEqual([expect.stringMatching(/^demo articles: stopped by shutdown \(3 in \d+\.\d s, on the mocks\)$/)])
    // Nothing left to wait for.
    await expect(demoArticlesWritten()).resolves.toBeUndefined()
  })

  it('log a failure rather than throw it at whoever waits; an abort that rejects is no failure', async () => {
    const { lines, log } = recordingLog()
    writeDemoArticlesInBackground(() => Promise.reject(new Error('provider down')), log)
    await demoArticlesWritten()
    writeDemoArticlesInBackground(
      (signal) => new Promise<number>((_, fail) => signal.addEventListener('abort', () => fail(new Error('aborted')))),
      log,
    )
    await stopDemoArticles()
    expect(lines).toEqual(['error: demo articles: writing stopped', expect.stringMatching(/^demo articles: stopped by shutdown$/)])
  })
})
