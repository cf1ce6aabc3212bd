import { SEO_LIMITS } from './checks'
import { characters, count, fail, pass, type ArticleFacts, type Outcome } from './outcome'

// The meta title's and meta description's lengths: two checks, two separate fixes.

export function metaTitleLength({ input }: ArticleFacts): Outcome {
  const max = SEO_LIMITS.metaTitleMaxCharacters
  const length = characters(input.metaTitle)
  const detail = `The meta title has ${count(length, 'character')}.`
  if (length === 0) return fail(detail, `Write a meta title of up to ${max} characters.`)
  if (length > max) return fail(detail, `Shorten the meta title to ${max} characters (it has ${length}).`)
  return pass(detail)
}

export function metaDescriptionLength({ input }: ArticleFacts): Outcome {
  const { metaDescriptionMinCharacters: min, metaDescriptionMaxCharacters: max } = SEO_LIMITS
  const length = characters(input.metaDescription)
  const detail = `The meta description has ${count(length, 'character')}.`
  if (length === 0) return fail(detail, `Write a meta description of ${min}–${max} characters.`)
  if (length < min) return fail(detail, `Lengthen the meta description to at least ${min} characters (it has ${length}).`)
  if (length > max) return fail(detail, `Shorten the meta description to ${max} characters (it has ${length}).`)
  return pass(detail)
}
