import type { BlogImage } from './article'

/**
 * An article image. Every illustration is drawn at 1200×630, so the box is reserved before it loads.
 * The priority one (the hero, usually the page's largest paint) is fetched first and decoded with the
 * frame it arrives in; the others load lazily.
 */
export function ArticleFigure({ image, priority = false }: { image: BlogImage; priority?: boolean }) {
  return (
    <figure className="my-8">
      <img
        src={image.url}
        alt={image.alt}
        width={1200}
        height={630}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding={priority ? 'sync' : 'async'}
        className="h-auto w-full rounded-lg border border-border bg-card"
      />
    </figure>
  )
}
