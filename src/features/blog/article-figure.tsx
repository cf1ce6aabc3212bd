import type { BlogImage } from './article'

/** An article image. Every illustration is drawn at 1200×630, so the box is reserved before it loads. */
export function ArticleFigure({ image, priority = false }: { image: BlogImage; priority?: boolean }) {
  return (
    <figure className="my-8">
      <img
        src={image.url}
        alt={image.alt}
        width={1200}
        height={630}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        className="h-auto w-full rounded-lg border border-border bg-card"
      />
    </figure>
  )
}
