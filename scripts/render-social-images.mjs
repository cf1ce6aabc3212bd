// Rasterises the social cards (Open Graph / Twitter images must be PNG or JPEG, not SVG):
// public/og-image.svg and every public/blog/<article>/hero.svg become a 1200×630 PNG next to
// the SVG. Run after changing one of them: `node scripts/render-social-images.mjs`
// (uses the same Chromium as the browser tests; set CHROMIUM_PATH if it is not /usr/bin/chromium).
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const publicDir = fileURLToPath(new URL('../public/', import.meta.url))
const sources = [
  join(publicDir, 'og-image.svg'),
  ...readdirSync(join(publicDir, 'blog'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(publicDir, 'blog', entry.name, 'hero.svg'))
    .filter((file) => existsSync(file)),
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
})
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
  for (const source of sources) {
    const svg = readFileSync(source, 'utf8')
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:#0b1120}svg{display:block}</style>${svg}`)
    const target = source.replace(/\.svg$/, '.png')
    await page.screenshot({ path: target, clip: { x: 0, y: 0, width: 1200, height: 630 } })
    console.log(`rendered ${target.slice(publicDir.length)}`)
  }
} finally {
  await browser.close()
}
