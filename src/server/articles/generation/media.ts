import type { business as businessTable } from '~/server/db/schema'
import type { Providers } from '~/server/providers'
import type { ArticleContent, ArticleImage } from '~/shared/articles/article'
import { findBanned } from '../banned-phrases'
import { youtubeEmbedHtml } from '../html'
import { rankByWords } from './ranking'

/** The video of the article: the search's best match for the keyword whose title holds no banned phrase. */
export async function findVideo(providers: Providers, keyword: string, banned: readonly string[]): Promise<ArticleContent['video']> {
  // A video whose title holds a banned phrase would show it in the article.
  const found = (await providers.youtube.searchVideos(keyword, { maxResults: 5 })).filter(
    (item) => findBanned(item.title, banned).length === 0,
  )
  const best = rankByWords(found, (item) => item.title, keyword)[0]
  return best && youtubeEmbedHtml(best.videoId, best.title) ? { id: best.videoId, title: best.title, channel: best.channelTitle } : null
}

/** The featured and the inline image, in the business's image style and brand colour, stored and served by the app. */
export async function createImages(
  providers: Providers,
  request: { business: typeof businessTable.$inferSelect; title: string; keyword: string; inlineHeading: string; businessName: string },
): Promise<[ArticleImage, ArticleImage]> {
  const { business, title, keyword, inlineHeading } = request
  const style = `${business.imageStyle} style, brand colour ${business.brandColor}, no text in the image`
  const wanted = [
    {
      prompt: `${style}. Featured image for an article titled "${title}" by ${request.businessName}.`,
      size: '1536x1024',
      kind: 'featured',
      alt: title,
    },
    {
      prompt: `${style}. Illustration for the section "${inlineHeading}" of an article about ${keyword}.`,
      size: '1024x1024',
      kind: 'inline',
      alt: `${inlineHeading} — ${keyword}`,
    },
  ] as const
  const [featured, inline] = await Promise.all(
    wanted.map(async (image): Promise<ArticleImage> => {
      const generated = await providers.images.generate({ prompt: image.prompt, size: image.size })
      const stored = await providers.media.store({
        businessId: business.id,
        bytes: generated.bytes,
        contentType: generated.mimeType,
        slug: `${keyword} ${image.kind}`,
      })
      const [width, height] = image.size.split('x').map(Number) as [number, number]
      return { url: stored.url, alt: image.alt, prompt: image.prompt, kind: image.kind, width, height }
    }),
  )
  return [featured!, inline!]
}
