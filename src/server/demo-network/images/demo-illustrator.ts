import type { GeneratedImage, ImagesClient, ImageSize } from '~/server/providers/images/client'

/**
 * Demo mode's images: an SVG illustration drawn here instead of a picture from an image model. It
 * follows what the request asks for: the brand colour the prompt names ("brand colour #8b5a2b")
 * as its palette, and shapes laid out from the prompt, so each article's images differ and stay the
 * same when written again. A small "Demo image" mark in a corner labels it as demo content.
 */
export const DEMO_IMAGE_MARK = 'Demo image'

const FALLBACK_COLOUR = '#7c3aed'

/** The brand colour a prompt names, else the app's own violet. */
export function promptColour(prompt: string): string {
  return /brand colou?r\s+(#[0-9a-f]{6})\b/i.exec(prompt)?.[1]?.toLowerCase() ?? FALLBACK_COLOUR
}

function hashOf(text: string, salt: number): number {
  let hash = 0x811c9dc5 ^ salt
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0
  return hash
}

/** The colour mixed towards white (amount > 0) or black (amount < 0), as #rrggbb. */
function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16))
  const target = amount >= 0 ? 255 : 0
  const mixed = channels.map((value) => Math.round(value + (target - value) * Math.abs(amount)))
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`
}

function dimensions(size: ImageSize | undefined): [number, number] {
  const match = /^(\d+)x(\d+)$/.exec(size ?? '')
  return match ? [Number(match[1]), Number(match[2])] : [1024, 1024]
}

/** The illustration as SVG text: a brand-colour gradient with soft circles and a wave, and the demo mark. */
export function demoIllustration(prompt: string, size?: ImageSize): string {
  const [width, height] = dimensions(size)
  const colour = promptColour(prompt)
  const unit = Math.min(width, height)
  const circles = Array.from({ length: 6 }, (_, index) => {
    const x = (hashOf(prompt, index * 3 + 1) % 1000) / 1000
    const y = (hashOf(prompt, index * 3 + 2) % 1000) / 1000
    const r = 0.08 + ((hashOf(prompt, index * 3 + 3) % 1000) / 1000) * 0.22
    const fill = shade(colour, index % 2 === 0 ? 0.45 : -0.35)
    return `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${Math.round(r * unit)}" fill="${fill}" fill-opacity="0.35"/>`
  })
  const crest = Math.round(height * (0.55 + ((hashOf(prompt, 99) % 100) / 100) * 0.2))
  const wave = `<path d="M0 ${crest} C ${Math.round(width * 0.3)} ${crest - Math.round(unit * 0.18)}, ${Math.round(width * 0.6)} ${crest + Math.round(unit * 0.18)}, ${width} ${crest - Math.round(unit * 0.05)} L ${width} ${height} L 0 ${height} Z" fill="${shade(colour, -0.45)}" fill-opacity="0.55"/>`
  const fontSize = Math.max(14, Math.round(unit * 0.03))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(colour, 0.25)}"/><stop offset="1" stop-color="${shade(colour, -0.3)}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    ...circles,
    wave,
    `<text x="${width - fontSize}" y="${height - fontSize}" text-anchor="end" font-family="system-ui, sans-serif" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.75">${DEMO_IMAGE_MARK}</text>`,
    '</svg>',
  ].join('')
}

/** The images client of demo mode: illustrations drawn in process, as SVG. */
export function demoImagesClient(model: string): ImagesClient {
  return {
    model,
    async generate({ prompt, size }): Promise<GeneratedImage> {
      return { bytes: new TextEncoder().encode(demoIllustration(prompt, size)), mimeType: 'image/svg+xml' }
    },
  }
}
