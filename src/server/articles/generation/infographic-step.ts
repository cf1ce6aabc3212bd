import type { ArticleImage } from '~/shared/articles/article'
import { imageFigure } from '../assemble'
import { youtubeEmbedHtml } from '../html'
import { chartDataFromFacts } from '../infographic/chart-data'
import { renderInfographic } from '../infographic/svg'
import { dedupeBy, sameUrl, sectionMentioning } from './ranking'
import type { GenerationState } from './state'

export interface Figures {
  images: ArticleImage[]
  figures: Array<{ afterSection: number; markdown: string }>
}

/**
 * The article's figures: the video after the first section, the inline image after
 * its section, and, when the business wants infographics, a chart of the grounded numbers (the
 * sentences whose numbers a cited page vouched for) after the section that mentions them most.
 */
export async function drawFigures({ run, written, grounded }: Pick<GenerationState, 'run' | 'written' | 'grounded'>): Promise<Figures> {
  const { business, focus } = run
  const { video, featured, inline, inlineHeading } = written
  const images: ArticleImage[] = [featured, inline]
  const inlineAfter = Math.max(
    0,
    grounded.sections.findIndex((section) => section.heading === inlineHeading.trim()),
  )
  const figures: Figures['figures'] = [
    ...(video ? [{ afterSection: 0, markdown: youtubeEmbedHtml(video.id, video.title)! }] : []),
    { afterSection: inlineAfter, markdown: imageFigure(inline) },
  ]
  run.step('infographic')
  if (!business.includeInfographics) return { images, figures }
  const { grounding } = grounded
  const facts = grounding.grounded.flatMap((citation) =>
    grounding.claims
      .filter(
        (claim) =>
          claim.citedUrls.some((url) => sameUrl(url, citation.url)) && citation.numbers.some((number) => claim.numbers.includes(number)),
      )
      .map((claim) => ({ sentence: claim.sentence, sourceUrl: citation.url, sourceTitle: citation.title })),
  )
  const chart = chartDataFromFacts(
    dedupeBy(facts, (fact) => fact.sentence),
    { keyword: focus },
  )
  if (!chart) return { images, figures }
  const { svg, alt } = renderInfographic(chart, { brandColor: business.brandColor })
  const stored = await run.job.providers.media.store({
    businessId: business.id,
    bytes: new TextEncoder().encode(svg),
    contentType: 'image/svg+xml',
    slug: `${focus} infographic`,
  })
  const image: ArticleImage = { url: stored.url, alt, prompt: chart.title, kind: 'infographic', width: 800, height: 0 }
  images.push(image)
  const near = sectionMentioning(
    grounded.sections,
    chart.points.map((point) => point.label),
  )
  figures.push({ afterSection: near, markdown: imageFigure(image) })
  return { images, figures }
}
