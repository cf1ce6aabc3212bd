import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, id, timestamps } from './columns'

export const waitlist = pgTable('waitlist', {
  id: id(),
  email: text('email').notNull().unique(),
  ...timestamps(),
})

export const newsletter = pgTable('newsletter', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
})
