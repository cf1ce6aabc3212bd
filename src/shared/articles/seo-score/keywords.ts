import { containsKeyword, countKeyword } from '../keyword-rule'
import { wordsOf } from '../readability'
import { SEO_LIMITS } from './checks'
import { count, fail, pass, type ArticleFacts, type Outcome } from './outcome'

// The focus keyword's placement: title, H1, introduction, meta tags.

export function keywordInTitle({ input, quotedKeyword }: ArticleFacts): Outcome {
  if (containsKeyword(input.title, input.keyword)) return pass(`The title contains ${quotedKeyword}.`)
  return fail(`The title does not contain ${quotedKeyword}.`, `Add the focus keyword ${quotedKeyword} to the title.`)
}

export function keywordInH1({ input, quotedKeyword, h1 }: ArticleFacts): Outcome {
  if (h1.length === 0) return fail('The article has no H1.', `Start the article with an H1 ("# …") that contains ${quotedKeyword}.`)
  if (containsKeyword(h1[0].text, input.keyword)) return pass(`The H1 contains ${quotedKeyword}.`)
  return fail(`The H1 "${h1[0].text.trim()}" does not contain ${quotedKeyword}.`, `Add the focus keyword ${quotedKeyword} to the H1.`)
}

export function keywordInIntroduction({ input, quotedKeyword, blocks, h1 }: ArticleFacts): Outcome {
  const limit = SEO_LIMITS.introductionWords
  const body = blocks.slice(h1.length > 0 ? blocks.indexOf(h1[0]) + 1 : 0).filter((block) => block.kind !== 'heading')
  const bodyText = body.map((block) => block.text).join('\n\n')
  const opening = wordsOf(bodyText).slice(0, limit).join(' ')
  if (containsKeyword(opening, input.keyword)) return pass(`${quotedKeyword} appears in the first ${limit} words.`)
  const mentions = countKeyword(bodyText, input.keyword)
  return fail(
    `${quotedKeyword} is not in the first ${limit} words; the body mentions it ${count(mentions, 'time')}.`,
    `Use ${quotedKeyword} within the first ${limit} words after the H1.`,
  )
}

export function keywordInMeta({ input, quotedKeyword }: ArticleFacts): Outcome {
  const inTitle = containsKeyword(input.metaTitle, input.keyword)
  const inDescription = containsKeyword(input.metaDescription, input.keyword)
  const detail = `Meta title: ${inTitle ? 'contains' : 'lacks'} ${quotedKeyword}; meta description: ${inDescription ? 'contains' : 'lacks'} it.`
  if (inTitle && inDescription) return pass(detail)
  const missing = [inTitle ? null : 'the meta title', inDescription ? null : 'the meta description'].filter(Boolean).join(' and ')
  return fail(detail, `Add ${quotedKeyword} to ${missing}.`, inTitle || inDescription ? 0.5 : 0)
}
