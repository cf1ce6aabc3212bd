import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PRODUCT_SCREENS, ProductScreens, SMALL_SHOT_WIDTH } from './product-screens'

const publicDir = resolve(import.meta.dirname, '../../../public')

/** Width and height from a JPEG's start-of-frame marker (or a PNG's IHDR). */
function imageSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file)
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  let offset = 2
  while (offset < bytes.length) {
    const marker = bytes[offset + 1]!
    const length = bytes.readUInt16BE(offset + 2)
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
    }
    offset += 2 + length
  }
  throw new Error(`${file}: no image size found`)
}

describe('the landing’s product screenshots', () => {
  const html = renderToString(h(ProductScreens))
  const images = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
    return {
      src: attribute('src'),
      srcSet: attribute('srcSet'),
      alt: attribute('alt'),
      width: attribute('width'),
      height: attribute('height'),
      loading: attribute('loading'),
      decoding: attribute('decoding'),
    }
  })

  it('renders a titled section with every screen: src, alt, size, lazy and async', () => {
    expect(html).toContain('aria-labelledby="product-screens"')
    expect(html).toContain('See it working')
    expect(PRODUCT_SCREENS.length).toBeGreaterThanOrEqual(4)
    expect(images).toHaveLength(PRODUCT_SCREENS.length)
    for (const [index, screen] of PRODUCT_SCREENS.entries()) {
      expect(images[index]).toEqual({
        src: screen.src,
        srcSet: `${screen.smallSrc} ${SMALL_SHOT_WIDTH}w, ${screen.src} ${screen.width}w`,
        alt: screen.alt.replace(/&/g, '&amp;'),
        width: String(screen.width),
        height: String(screen.height),
        loading: 'lazy',
        decoding: 'async',
      })
      expect(screen.alt.length, screen.src).toBeGreaterThan(40)
      expect(html).toContain(screen.title)
    }
  })

  it('each image and its half-width copy is a file in public/product/ of the size the page declares', () => {
    for (const screen of PRODUCT_SCREENS) {
      expect(screen.src).toMatch(/^\/product\/[\w-]+\.(jpg|png)$/)
      const file = join(publicDir, screen.src)
      expect(existsSync(file), file).toBe(true)
      expect(imageSize(file), file).toEqual({ width: screen.width, height: screen.height })
      const small = join(publicDir, screen.smallSrc)
      expect(existsSync(small), small).toBe(true)
      expect(imageSize(small), small).toEqual({ width: SMALL_SHOT_WIDTH, height: (screen.height * SMALL_SHOT_WIDTH) / screen.width })
    }
  })
})
