import { env } from '~/env'

const levels = ['debug', 'info', 'warn', 'error'] as const
type Level = (typeof levels)[number]

function log(level: Level, message: string, detail?: unknown) {
  const threshold = env().LOG_LEVEL
  if (threshold === 'silent' || levels.indexOf(level) < levels.indexOf(threshold)) return
  const line = `[rankpilot] ${level} ${message}`
  const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log
  if (detail === undefined) write(line)
  else write(line, detail)
}

/** A small leveled logger; LOG_LEVEL=silent keeps test output clean. */
export const logger = {
  debug: (message: string, detail?: unknown) => log('debug', message, detail),
  info: (message: string, detail?: unknown) => log('info', message, detail),
  warn: (message: string, detail?: unknown) => log('warn', message, detail),
  error: (message: string, detail?: unknown) => log('error', message, detail),
}
