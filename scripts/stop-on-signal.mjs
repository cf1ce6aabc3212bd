/**
 * SIGINT/SIGTERM: run `close` once (a second signal waits for the first), exit 0 when it is done,
 * or 1 if it takes longer than `timeoutMs` (a hung close must not keep a deploy waiting forever).
 */
export function stopOnSignal({ message, timeoutMs, close }) {
  let stopping = false
  async function stop(signal) {
    if (stopping) return
    stopping = true
    console.log(`[rankpilot] ${signal}: ${message}`)
    const timer = setTimeout(() => process.exit(1), timeoutMs)
    try {
      await close()
    } finally {
      clearTimeout(timer)
      process.exit(0)
    }
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}
