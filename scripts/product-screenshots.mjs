// `npm run screenshots`: the landing's product screenshots (public/product/*.jpg), taken from the
// real app. It builds (skip with --no-build to reuse dist/), starts the production server in demo
// mode on a throw-away DATA_DIR, signs into the demo with "Explore the demo" and captures each
// screen at 1280×800. Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH).
// The landing's section lists the same files: src/features/landing/product-screens.tsx.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { buildSnapshot, root, startServer } from '../bench/lib/production-server.mjs'

const VIEWPORT = { width: 1280, height: 800 }
// Phones get a half-size copy (`<name>-640.jpg`, the landing's srcset): a quarter of the bytes.
const SMALL_WIDTH = 640
const OUT = join(root, 'public/product')
const build = !process.argv.includes('--no-build')

const hydrated = async (page, path) => {
  await page.goto(path)
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' })
}

/** A GET of an oRPC procedure with the signed-in page's cookies. */
const rpc = async (page, baseUrl, path, input) => {
  const query = input === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify({ json: input }))}`
  const response = await page.request.get(`${baseUrl}/rpc/${path}${query}`, { headers: { 'x-csrf-token': 'orpc' } })
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`)
  return (await response.json()).json
}

// Each screen: how to reach it and what must be on screen before the picture is taken.
const SCREENS = [
  {
    file: 'keywords-why.jpg',
    async show(page) {
      await hydrated(page, '/keywords')
      // The volume cell of the first row: a row click opens its why-panel.
      await page.locator('tbody tr').first().locator('td:nth-child(4)').click()
      await page.getByRole('dialog', { name: /^Why “/ }).waitFor()
    },
  },
  {
    file: 'content-calendar.jpg',
    async show(page) {
      await hydrated(page, '/content')
      await page.getByTestId('calendar-entry').first().waitFor()
    },
  },
  {
    file: 'article.jpg',
    async show(page, baseUrl) {
      const businessId = (await rpc(page, baseUrl, 'business/list')).find((item) => item.isCurrent).id
      const published = (
        await rpc(page, baseUrl, 'article/list', {
          businessId,
          filters: [{ id: 'status', value: ['published'], variant: 'multiSelect', operator: 'inArray', filterId: 'status01' }],
          perPage: 50,
        })
      ).items
      if (published.length === 0) throw new Error('the demo account has no published article')
      await hydrated(page, `/content/${published[0].id}`)
      await page.getByTestId('article-html').waitFor()
    },
  },
  {
    file: 'competitors-gap.jpg',
    async show(page) {
      await hydrated(page, '/competitors')
      await page.getByText('Keyword gap', { exact: true }).waitFor()
      await page.locator('table tbody tr').first().waitFor()
      // The competitors' cards come first: the picture opens on the gap.
      await page.getByText('Keyword gap', { exact: true }).evaluate((title) => {
        title.scrollIntoView({ block: 'start' })
        title.ownerDocument.defaultView.scrollBy(0, -40)
      })
    },
  },
]

/** The JPEG scaled to `width` by Chromium's canvas (high-quality smoothing), again at quality 80. */
async function scaledDown(browser, jpeg, width) {
  const page = await browser.newPage()
  try {
    const dataUrl = await page.evaluate(
      async ({ source, width }) => {
        const image = new globalThis.Image()
        image.src = source
        await image.decode()
        const canvas = globalThis.document.createElement('canvas')
        canvas.width = width
        canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth)
        const context = canvas.getContext('2d')
        context.imageSmoothingQuality = 'high'
        context.drawImage(image, 0, 0, canvas.width, canvas.height)
        return canvas.toDataURL('image/jpeg', 0.8)
      },
      { source: `data:image/jpeg;base64,${jpeg.toString('base64')}`, width },
    )
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  } finally {
    await page.close()
  }
}

const snapshot = await buildSnapshot({ build })
const server = await startServer(snapshot.dir).catch(async (error) => {
  await snapshot.remove()
  throw error
})
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: 'dark' })
  const page = await context.newPage()
  await hydrated(page, '/sign-in')
  await page.getByRole('button', { name: 'Explore the demo' }).click()
  await page.waitForURL((url) => url.pathname !== '/sign-in')
  await mkdir(OUT, { recursive: true })
  for (const screen of SCREENS) {
    await screen.show(page, server.baseUrl)
    // Let images, fonts and entrance transitions settle before the picture.
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => globalThis.document.fonts.ready)
    await page.waitForTimeout(400)
    const path = join(OUT, screen.file)
    const picture = await page.screenshot({ path, type: 'jpeg', quality: 80, animations: 'disabled', caret: 'hide' })
    console.log(`wrote ${path}`)
    const smallPath = path.replace(/\.jpg$/, `-${SMALL_WIDTH}.jpg`)
    await writeFile(smallPath, await scaledDown(browser, picture, SMALL_WIDTH))
    console.log(`wrote ${smallPath}`)
  }
} finally {
  await browser.close()
  await server.stop()
  await snapshot.remove()
}
