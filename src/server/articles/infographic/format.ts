/** Values as a chart shows them. */

const CURRENCY_SYMBOLS = new Set(['$', '€', '£'])

function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** "1,200", "4.5", "25 million"; money keeps two decimals when it has any ("4.50"). */
function formatNumber(value: number, money: boolean): string {
  const sign = value < 0 ? '-' : ''
  const magnitude = Math.abs(value)
  for (const [size, word] of [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ] as const) {
    if (magnitude >= size) return `${sign}${trimZeros((magnitude / size).toFixed(2))} ${word}`
  }
  const fixed = magnitude.toFixed(2)
  const [integer, decimals] = fixed.split('.')
  const fraction = money && decimals !== '00' ? `.${decimals}` : trimZeros(`0.${decimals}`).slice(1)
  return `${sign}${groupThousands(integer)}${fraction}`
}

const trimZeros = (fixed: string) => fixed.replace(/\.?0+$/, '')

/** A value with its unit as a reader expects it: "60%", "93 °C", "$4.50 per cup", "1 minute". */
export function formatValue(value: number, unit: string): string {
  const [base, ...rest] = unit.split(' per ')
  const rate = rest.length ? ` per ${rest.join(' per ')}` : ''
  if (CURRENCY_SYMBOLS.has(base)) {
    const text = formatNumber(value, true)
    return `${text.startsWith('-') ? `-${base}${text.slice(1)}` : `${base}${text}`}${rate}`
  }
  const number = formatNumber(value, false)
  if (base === '%') return `${number}%${rate}`
  if (!base) return `${number}${rate}`
  const word = Math.abs(value) === 1 && /^(?:seconds|minutes|hours|days|weeks|months|years)$/.test(base) ? base.slice(0, -1) : base
  return `${number} ${word}${rate}`
}

/** A short axis label: no unit words, large numbers compacted ("25M"). */
export function formatTick(value: number, unit: string): string {
  const base = unit.split(' per ')[0]
  const magnitude = Math.abs(value)
  const compact =
    magnitude >= 1e9 ? `${trimZeros((value / 1e9).toFixed(1))}B` : magnitude >= 1e6 ? `${trimZeros((value / 1e6).toFixed(1))}M` : null
  const number = compact ?? formatNumber(value, false)
  if (CURRENCY_SYMBOLS.has(base)) return number.startsWith('-') ? `-${base}${number.slice(1)}` : `${base}${number}`
  if (base === '%') return `${number}%`
  if (base === '°C' || base === '°F') return `${number}°`
  return number
}
