/** The chart as a self-contained SVG document: no scripts, links, external fonts or images, every text escaped. */
import { barColor } from './colour'
import type { ChartData } from './chart-data'
import { formatTick, formatValue } from './format'
import { collapse, hostname, splitWords, truncateWords } from './words'

export interface InfographicOptions {
  /** '#rrggbb' */
  brandColor: string
  /** [640] Width of the drawing in SVG user units; it scales to any display width. */
  width?: number
}

const FONT_STACK = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
const INK = '#1f2937'
const MUTED = '#4b5563'
const GRID = '#e5e7eb'
const BASELINE = '#9ca3af'
const PADDING = 24
const TITLE = { size: 18, line: 24, maxLines: 2 }
const LABEL = { size: 14, line: 18, maxLines: 2 }
const VALUE_SIZE = 14
const BAR_HEIGHT = 20
const ROW_GAP = 14
const TICK_SIZE = 12
const SOURCE = { size: 12, line: 16, maxLines: 3 }

/** XML-safe text: markup characters as entities, characters XML 1.0 forbids removed. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/**
 * Approximate advance width of a character in em. Generous, so that text measured for a narrow
 * system font (Segoe UI, San Francisco) still fits when a wider fallback (DejaVu Sans) draws it.
 */
function charWidth(char: string): number {
  if (char === ' ') return 0.32
  if (/[iljtf.,;:!|'’()[\]]/.test(char)) return 0.34
  if (/[mwMW@%]/.test(char)) return 0.95
  if (/[A-Z]/.test(char)) return 0.72
  if (/\d/.test(char)) return 0.64
  return char.codePointAt(0)! >= 0x2e80 ? 1 : 0.6
}

/** Bold glyphs are wider. */
const BOLD = 1.1

const textWidth = (text: string, size: number) => [...text].reduce((sum, char) => sum + charWidth(char), 0) * size

function fitWithEllipsis(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text
  const chars = [...text]
  while (chars.length > 0 && textWidth(`${chars.join('').trimEnd()}…`, size) > width) chars.pop()
  return `${chars.join('').trimEnd()}…`
}

/** Greedy word wrap into at most maxLines; what does not fit ends the last line with an ellipsis. */
function wrapText(text: string, width: number, size: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  const tokens = splitWords(text)
  for (let i = 0; i < tokens.length; i++) {
    const attempt = current ? `${current} ${tokens[i]}` : tokens[i]
    if (textWidth(attempt, size) <= width || !current) {
      current = attempt
    } else if (lines.length === maxLines - 1) {
      current = [current, ...tokens.slice(i)].join(' ')
      break
    } else {
      lines.push(current)
      current = tokens[i]
    }
  }
  if (current) lines.push(current)
  return lines.map((line) => fitWithEllipsis(line, width, size))
}

const n = (value: number) => String(Math.round(value * 10) / 10)

function textElement(lines: string[], x: number, y: number, lineHeight: number, attributes: string): string {
  const spans = lines.map((line, i) => `<tspan x="${n(x)}" y="${n(y + i * lineHeight)}">${escapeXml(line)}</tspan>`).join('')
  return `<text ${attributes}>${spans}</text>`
}

function niceStep(span: number): number {
  const raw = span / 4
  const power = 10 ** Math.floor(Math.log10(raw))
  return ([1, 2, 2.5, 5, 10].find((multiple) => multiple * power >= raw) ?? 10) * power
}

/** The axis: from 0 (or the lowest negative value) to the maximum, percentages to 100. */
function axisDomain(values: number[], unit: string): { low: number; high: number; step: number } {
  const low = Math.min(0, ...values)
  const high = Math.max(0, ...values)
  if (unit.split(' per ')[0] === '%' && low >= 0 && high <= 100) return { low: 0, high: 100, step: 25 }
  const step = niceStep(high - low || 1)
  return { low: Math.floor(low / step) * step, high: Math.ceil(high / step) * step || step, step }
}

function sourceLine(sources: ChartData['sources']): string {
  if (sources.length === 0) return ''
  const titles = sources.map((item) => truncateWords(collapse(item.title) || hostname(item.url), 48))
  return `${sources.length === 1 ? 'Source' : 'Sources'}: ${titles.join('; ')}`
}

/** The chart described in words: its title and each point with its value. */
export function infographicAlt(data: ChartData): string {
  const points = data.points.map((point) => `${collapse(point.label)}: ${formatValue(point.value, point.unit)}`)
  return `${collapse(data.title)}. ${points.join('; ')}.`
}

/** A horizontal bar chart as a standalone SVG document string, plus its alt text. */
export function renderInfographic(data: ChartData, options: InfographicOptions): { svg: string; alt: string } {
  if (data.points.length === 0) throw new RangeError('An infographic needs at least one point')
  if (data.points.some((point) => !Number.isFinite(point.value))) throw new RangeError('Infographic values must be finite numbers')
  const width = Math.round(Math.min(1600, Math.max(320, options.width ?? 640)))
  const fill = barColor(options.brandColor)
  const inner = width - 2 * PADDING
  const alt = infographicAlt(data)
  const body: string[] = []
  let y = PADDING

  const titleLines = wrapText(data.title, inner / BOLD, TITLE.size, TITLE.maxLines)
  body.push(textElement(titleLines, PADDING, y + TITLE.size, TITLE.line, `font-size="${TITLE.size}" font-weight="700" fill="${INK}"`))
  y += titleLines.length * TITLE.line + 12

  const valueTexts = data.points.map((point) => formatValue(point.value, point.unit))
  // Values are never cut: their column takes what the widest needs, up to 60% of the width.
  const valueRoom = Math.min(inner * 0.6, Math.max(...valueTexts.map((text) => textWidth(text, VALUE_SIZE) * BOLD)) + 8)
  const plotWidth = inner - valueRoom
  const domain = axisDomain(
    data.points.map((point) => point.value),
    data.unit,
  )
  const x = (value: number) => PADDING + ((value - domain.low) / (domain.high - domain.low)) * plotWidth
  const chartTop = y
  const rows: string[] = []
  data.points.forEach((point, i) => {
    const labelLines = wrapText(point.label, inner, LABEL.size, LABEL.maxLines)
    rows.push(textElement(labelLines, PADDING, y + LABEL.size, LABEL.line, `font-size="${LABEL.size}" fill="${INK}"`))
    y += labelLines.length * LABEL.line + 4
    const [from, to] = [x(Math.min(0, point.value)), x(Math.max(0, point.value))]
    rows.push(`<rect x="${n(from)}" y="${n(y)}" width="${n(Math.max(1, to - from))}" height="${BAR_HEIGHT}" rx="3" fill="${fill}"/>`)
    rows.push(textElement([valueTexts[i]], to + 6, y + BAR_HEIGHT / 2 + 5, 0, `font-size="${VALUE_SIZE}" font-weight="600" fill="${INK}"`))
    y += BAR_HEIGHT + ROW_GAP
  })
  const chartBottom = y - ROW_GAP + 6

  const ticks: string[] = []
  const count = Math.round((domain.high - domain.low) / domain.step)
  for (let i = 0; i <= count; i++) {
    const value = Number((domain.low + i * domain.step).toPrecision(12))
    const tickX = x(value)
    const stroke = value === 0 ? BASELINE : GRID
    ticks.push(
      `<line x1="${n(tickX)}" y1="${n(chartTop - 4)}" x2="${n(tickX)}" y2="${n(chartBottom)}" stroke="${stroke}" stroke-width="1"/>`,
    )
    const anchor = i === 0 ? 'start' : i === count ? 'end' : 'middle'
    const label = escapeXml(formatTick(value, data.unit))
    ticks.push(
      `<text x="${n(tickX)}" y="${n(chartBottom + 16)}" font-size="${TICK_SIZE}" fill="${MUTED}" text-anchor="${anchor}">${label}</text>`,
    )
  }
  body.push(`<g>${ticks.join('')}</g>`, `<g>${rows.join('')}</g>`)
  y = chartBottom + 16 + 12

  const sources = sourceLine(data.sources)
  if (sources) {
    const sourceLines = wrapText(sources, inner, SOURCE.size, SOURCE.maxLines)
    y += 4
    body.push(textElement(sourceLines, PADDING, y + SOURCE.size, SOURCE.line, `font-size="${SOURCE.size}" fill="${MUTED}"`))
    y += sourceLines.length * SOURCE.line
  }
  const height = Math.ceil(y + PADDING)
  const desc = sources ? `${alt} ${sources}.` : alt

  const svg = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="infographic-title infographic-desc" font-family="${FONT_STACK}">`,
    `<title id="infographic-title">${escapeXml(collapse(data.title))}</title>`,
    `<desc id="infographic-desc">${escapeXml(desc)}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n')
  return { svg, alt }
}
