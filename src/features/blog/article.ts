/**
 * A blog article: title, metaDescription, images (url, alt), slug, publishedAt and keywords, plus its body.
 *
 * The body is a small Markdown subset (see markdown.ts): `##`/`###` headings, paragraphs, `-` and
 * `1.` lists, `>` notes, `**strong**`, `*emphasis*`, `` `code` `` and `[links](/path)`, plus
 * `[[image N]]` on its own line to place `images[N]` (so an image and its alt text are written once).
 */
export interface BlogImage {
  /** Root-relative, e.g. "/blog/my-article/hero.svg". */
  url: string
  /** Says what the image shows, for screen readers and search engines. */
  alt: string
}

export interface BlogArticle {
  title: string
  /** ≤ 160 characters: the page's meta description and the card's summary. */
  metaDescription: string
  /** `images[0]` is the hero image. */
  images: BlogImage[]
  slug: string
  /** ISO date, YYYY-MM-DD. */
  publishedAt: string
  keywords: string[]
  body: string
}

/** What the blog lists show: everything but the body. */
export type BlogArticleSummary = Omit<BlogArticle, 'body'>
