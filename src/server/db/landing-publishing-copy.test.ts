import { getTableColumns } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { business } from '~/server/db/schema/business'
import { FAQ_ITEMS } from '~/features/landing/faq'
import { FEATURES } from '~/features/landing/features'
import { HOW_IT_WORKS_STEPS } from '~/features/landing/how-it-works'

// The landing page (src/features/landing) says what a new business does by default: it publishes automatically, holding
// only articles below the SEO score floor. The copy is checked against the schema's defaults.
const columns = getTableColumns(business)
const landingText = [
  ...HOW_IT_WORKS_STEPS.map((step) => step.body),
  ...FAQ_ITEMS.map((item) => item.answer),
  ...FEATURES.map((feature) => feature.body),
].join('\n')

describe('landing copy on publishing', () => {
  it('matches the defaults: automatic publishing, with the default floor named', () => {
    expect(columns.autoPublish.default).toBe(true)
    expect(landingText).toContain('Publishing is automatic by default')
    expect(landingText).toContain(`floor (${String(columns.seoScoreFloor.default)} unless you change it)`)
  })

  it('never promises that every draft waits for approval without saying it is a setting', () => {
    expect(landingText).not.toMatch(/held for your approval/)
  })
})
