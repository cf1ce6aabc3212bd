import { logger } from '~/server/logger'

export interface EnqueueEachOptions<Item> {
  /** Queues the job of one item. */
  enqueue: (item: Item) => Promise<unknown>
  /** Runs before an item's enqueue, outside the catch: true passes the item over. What it throws is the caller's. */
  skip?: (item: Item) => boolean | Promise<boolean>
  /**
   * How a failed enqueue is logged: the level of `<scope>: not starting <item>: <message>`, or
   * null for a refusal the caller expects (no line). Warn unless given.
   */
  failed?: (item: Item, error: unknown) => 'info' | 'warn' | null
  /** The log line's subject, e.g. `publishing`. */
  scope: string
  /** How the log line names an item (its id). */
  describe: (item: Item) => string
}

/**
 * A scheduled sweep's loop: enqueues the job of every due item in order, and an item whose
 * enqueue fails is logged and passed over, so one refusal never holds back the items after it.
 * Answers the items whose job was queued.
 */
export async function enqueueEach<Item>(items: Iterable<Item>, options: EnqueueEachOptions<Item>): Promise<Item[]> {
  const started: Item[] = []
  for (const item of items) {
    if (await options.skip?.(item)) continue
    try {
      await options.enqueue(item)
      started.push(item)
    } catch (error) {
      const level = options.failed ? options.failed(item, error) : 'warn'
      if (level)
        logger[level](`${options.scope}: not starting ${options.describe(item)}: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return started
}
