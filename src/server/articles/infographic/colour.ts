/** The bars' colour: the brand colour, darkened until it contrasts enough with white. */

type Rgb = [number, number, number]

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim())
  if (!match) throw new RangeError(`Brand colour must be #rrggbb, got ${JSON.stringify(hex)}`)
  return [parseInt(match[1], 16), parseInt(match[2], 16), parseInt(match[3], 16)]
}

const toHex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`

/** WCAG 2 relative luminance of an sRGB colour. */
function relativeLuminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio between two '#rrggbb' colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(parseHex(a)), relativeLuminance(parseHex(b))].sort((x, y) => y - x)
  return (light + 0.05) / (dark + 0.05)
}

/** Graphics need 3:1 against their background (WCAG 1.4.11). */
export const MIN_BAR_CONTRAST = 3

/** The brand colour, or the same hue darkened just enough to reach 3:1 against white. */
export function barColor(brandColor: string): string {
  const rgb = parseHex(brandColor)
  const scaled = (factor: number): Rgb => rgb.map((channel) => Math.round(channel * factor)) as Rgb
  const passes = (factor: number) => contrastRatio(toHex(scaled(factor)), '#ffffff') >= MIN_BAR_CONTRAST
  if (passes(1)) return toHex(rgb)
  let [low, high] = [0, 1]
  for (let step = 0; step < 24; step++) {
    const middle = (low + high) / 2
    if (passes(middle)) low = middle
    else high = middle
  }
  return toHex(scaled(low))
}
