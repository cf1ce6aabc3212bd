/**
 * The billing period (docs/product/pipeline.md): a calendar month in UTC, `YYYY-MM`, starting at
 * 00:00 UTC on the 1st. The one rule for the allowance, the usage count, the renewal date the
 * billing card shows and the subscription period of the stand-in Polar.
 */
export function billingPeriodOf(date: Date = new Date()): string {
  return date.toISOString().slice(0, 7)
}

/** When `period` ends and the next starts: 00:00 UTC on the 1st of the following month. */
export function billingPeriodEnd(period: string): Date {
  const [year, month] = period.split('-').map(Number)
  return new Date(Date.UTC(year, month, 1))
}

/** "December 1" for the period after `period` (when the allowance renews). */
export function allowanceRenewsOn(period: string): string {
  return billingPeriodEnd(period).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })
}
