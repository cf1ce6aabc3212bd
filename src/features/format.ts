/**
 * Number and money formats of design.md: English (US), thousands separators.
 *
 * Whole numbers, the public pages' only ones (plan prices and limits), are written here without
 * Intl: the first Intl formatter a page creates loads the locale data, 15 to 25 ms of main thread
 * in one piece, which the public pages cannot spend while they hydrate (docs/product/limits.md).
 * Anything else goes to Intl, created on first use; format.test.ts checks both agree.
 */
let integer: Intl.NumberFormat | undefined
let dollars: Intl.NumberFormat | undefined

/** 1234567 → "1,234,567"; undefined for anything but a safe integer (and −0, which Intl writes "-0"). */
function groupedWholeNumber(value: number): string | undefined {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return undefined
  return String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

export const formatCount = (value: number) => {
  const digits = groupedWholeNumber(value)
  if (digits !== undefined) return value < 0 ? `-${digits}` : digits
  integer ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
  return integer.format(value)
}

export const formatDollars = (value: number) => {
  const digits = groupedWholeNumber(value)
  if (digits !== undefined) return value < 0 ? `-$${digits}` : `$${digits}`
  dollars ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 })
  return dollars.format(value)
}

/** "1 business", "3 businesses". */
export function pluralize(count: number, singular: string, plural = `${singular}s`) {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`
}
