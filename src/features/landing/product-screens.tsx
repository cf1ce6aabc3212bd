import { SectionHeading } from './section-heading'

interface ProductScreen {
  /** A file in public/product/, written by `npm run screenshots` (scripts/product-screenshots.mjs). */
  src: string
  /** The same picture at half the width, for narrow slots. */
  smallSrc: string
  width: number
  height: number
  alt: string
  title: string
  caption: string
}

const SHOT = { width: 1280, height: 800 } as const
export const SMALL_SHOT_WIDTH = 640
/** The picture's slot: the full column on a phone, half of the max-w-6xl container from md up. */
const SIZES = '(min-width: 1152px) 536px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)'

/** The real screens of the demo account, captured from the running app by `npm run screenshots`. */
export const PRODUCT_SCREENS: readonly ProductScreen[] = [
  {
    src: '/product/keywords-why.jpg',
    smallSrc: '/product/keywords-why-640.jpg',
    ...SHOT,
    alt: 'The Keywords screen with a keyword’s “Why” panel open: its source, each research step that kept it, its numbers and its scheduled day.',
    title: 'Every keyword explained',
    caption: 'Open any keyword to see where it came from, how research scored and grouped it, and the day it is scheduled.',
  },
  {
    src: '/product/content-calendar.jpg',
    smallSrc: '/product/content-calendar-640.jpg',
    ...SHOT,
    alt: 'The Content calendar for the month, one article on each day, coloured by status, with today marked.',
    title: 'A month of articles on the calendar',
    caption: 'Each day’s article in its status colour. Drag one to another day to reschedule it.',
  },
  {
    src: '/product/article.jpg',
    smallSrc: '/product/article-640.jpg',
    ...SHOT,
    alt: 'A published article open in its read view, beside its SEO score panel listing each check and its points.',
    title: 'Articles as they will be published',
    caption: 'Read, edit in Markdown with a live preview, and watch the SEO score’s checks as you type.',
  },
  {
    src: '/product/competitors-gap.jpg',
    smallSrc: '/product/competitors-gap-640.jpg',
    ...SHOT,
    alt: 'The Competitors screen’s keyword gap: searches competitors rank for that are missing from the plan, with volume, difficulty and their rank.',
    title: 'The keyword gap',
    caption: 'What your competitors rank for and your plan is missing. Select some and they are scored and scheduled.',
  },
]

/** Screenshots of the product itself (docs/product/routes.md, "Landing"). Below the fold: lazy and async. */
export function ProductScreens() {
  return (
    <section aria-labelledby="product-screens" className="border-t border-border py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="product-screens" eyebrow="See it working" title="The screens you will use">
          Taken from the demo account by a script that runs the real app, so they show what you get today.
        </SectionHeading>
        <ul className="mt-14 grid gap-8 md:grid-cols-2">
          {PRODUCT_SCREENS.map((screen) => (
            <li key={screen.src} className="min-w-0">
              <figure className="overflow-hidden rounded-lg border border-border bg-card">
                <img
                  src={screen.src}
                  srcSet={`${screen.smallSrc} ${SMALL_SHOT_WIDTH}w, ${screen.src} ${screen.width}w`}
                  sizes={SIZES}
                  width={screen.width}
                  height={screen.height}
                  alt={screen.alt}
                  loading="lazy"
                  decoding="async"
                  className="block h-auto w-full border-b border-border"
                />
                <figcaption className="p-5">
                  <h3 className="text-lg font-semibold tracking-tight">{screen.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{screen.caption}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
