import { text, timestamp } from 'drizzle-orm/pg-core'
import { createId } from '~/server/ids'

/** Text primary key with a generated 12-character id. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => createId())

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() })
