import { articleSentences, isInformative } from './article-prose'
import { type WriterContext, readContext } from './brief'
import { titleCase } from './casing'
import { type ArticleMaterial, fieldOf } from './material'
import { capitalise } from './words'

// The meta title and description, within their lengths.

const META_TITLE_LIMIT = 60
const META_DESCRIPTION_RANGE = [120, 160] as const

/** The longest run of whole words within the limit, never ending on a small word. */
function trimToWords(text: string, limit: number): string {
  const words = text.split(/\s+/)
  let kept = ''
  for (const word of words) {
    const next = kept ? `${kept} ${word}` : word
    if (next.length > limit) break
    kept = next
  }
  return kept.replace(/(?:\s+(?:a|an|and|or|the|of|for|to|in|with|vs|:|–|-))+$/i, '').replace(/[\s:,–-]+$/, '')
}

function metaTitle(context: WriterContext, articleTitle: string): string {
  const keyword = titleCase(context.display, context.casing)
  const lead = context.display.toLowerCase()
  const startsWithKeyword = articleTitle.toLowerCase().startsWith(lead)
  const shortened = startsWithKeyword
    ? [
        articleTitle,
        ...[' (', ': ', ' – ', ' - '].flatMap((mark) =>
          articleTitle.lastIndexOf(mark) > 0 ? [articleTitle.slice(0, articleTitle.lastIndexOf(mark))] : [],
        ),
      ]
    : []
  const fitting = [...shortened, `${keyword}: A Practical Guide`, `${keyword}: What to Know`, keyword].find(
    (title) => title.length <= META_TITLE_LIMIT && title.toLowerCase().startsWith(lead),
  )
  const title = fitting ?? trimToWords(keyword, META_TITLE_LIMIT)
  const branded = `${title} | ${context.business}`
  return context.hasBusinessName && branded.length <= META_TITLE_LIMIT ? branded : title
}

function metaDescription(context: WriterContext, introduction: string): string {
  const { display, intent } = context
  const lead = {
    best: `Looking for the ${display}?`,
    'how-to': `Want to learn ${display}?`,
    versus: `Comparing ${display}?`,
    question: `${capitalise(display.replace(/\?$/, ''))}?`,
    topic: `A practical guide to ${display}.`,
  }[intent.kind]
  const body = [
    ...articleSentences(introduction).filter((sentence) => sentence.length <= 110 && isInformative(sentence, context)),
    {
      best: 'This guide explains what matters, what to avoid and how to choose with confidence.',
      'how-to': 'This step-by-step guide covers what you need, the common mistakes and how to get consistent results.',
      versus: 'See how they differ, where each one shines and which suits you best.',
      question: 'Get a clear answer, the details that matter and what to do next.',
      topic: 'Learn what matters most, the mistakes to avoid and how to get it right.',
    }[intent.kind],
    'Clear, practical advice you can use straight away.',
    `Practical tips from ${context.business}.`,
    'No jargon, just what works.',
  ]
  const [low, high] = META_DESCRIPTION_RANGE
  const combinations = [
    ...body.map((sentence) => [sentence]),
    ...body.flatMap((first, i) => body.filter((_, j) => j > i).map((second) => [first, second])),
  ]
  const fits = combinations.map((sentences) => [lead, ...sentences].join(' ')).find((text) => text.length >= low && text.length <= high)
  if (fits) return fits
  const longest = combinations
    .map((sentences) => [lead, ...sentences].join(' '))
    .filter((text) => text.length <= high)
    .sort((a, b) => b.length - a.length)[0]
  return longest ?? `${trimToWords(lead, high - 1)}.`
}

export function writeMeta(material: ArticleMaterial): { metaTitle: string; metaDescription: string } {
  const context = readContext(material)
  return {
    metaTitle: metaTitle(context, fieldOf(material, 'articleTitle') ?? ''),
    metaDescription: metaDescription(context, fieldOf(material, 'introduction') ?? ''),
  }
}
