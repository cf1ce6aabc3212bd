/** Number and money formats of design.md: English (US), thousands separators. */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 })

export const formatCount = (value: number) => integer.format(value)
export const formatDollars = (value: number) => dollars.format(value)

/** "1 business", "3 businesses". */
export function pluralize(count: number, singular: string, plural = `${singular}s`) {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`
}
