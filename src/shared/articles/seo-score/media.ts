import { SEO_LIMITS } from './checks'
import { count, fail, formatNumber, pass, type ArticleFacts, type Outcome } from './outcome'

// Images, FAQ and structured data.

/** The schema.org types of the JSON-LD objects, including members of `@graph` arrays. */
function schemaTypes(structuredData: unknown[]): Set<string> {
  const types = new Set<string>()
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1)
      return
    }
    const record = value as Record<string, unknown>
    const declared = record['@type']
    for (const type of Array.isArray(declared) ? declared : [declared]) {
      if (typeof type === 'string') types.add(type.replace(/^https?:\/\/schema\.org\//, ''))
    }
    visit(record['@graph'], depth + 1)
  }
  visit(structuredData, 0)
  return types
}

export function imageAltText({ input }: ArticleFacts): Outcome {
  const total = input.images.length
  const withAlt = input.images.filter((image) => image.alt.trim() !== '').length
  if (total === 0) return fail('The article has no image.', 'Add at least 1 image with descriptive alt text.')
  const detail = `${formatNumber(withAlt)} of ${count(total, 'image')} ${total === 1 ? 'has' : 'have'} alt text.`
  if (withAlt === total) return pass(detail)
  const hint = total === 1 ? 'Write alt text for the image.' : `Write alt text for ${formatNumber(total - withAlt)} of the ${total} images.`
  return fail(detail, hint, withAlt / total)
}

export function faq({ input }: ArticleFacts): Outcome {
  const needed = SEO_LIMITS.minimumFaqQuestions
  const detail = `The FAQ has ${count(input.faqCount, 'question')}.`
  if (input.faqCount >= needed) return pass(detail)
  return fail(
    detail,
    `Add ${count(needed - input.faqCount, 'more FAQ question')} (it has ${input.faqCount}; ${needed} or more pass).`,
    input.faqCount / needed,
  )
}

export function structuredData({ input }: ArticleFacts): Outcome {
  const types = schemaTypes(input.structuredData)
  const detail = types.size === 0 ? 'No JSON-LD types.' : `JSON-LD types: ${[...types].join(', ')}.`
  const hints: string[] = []
  if (!types.has('Article') && !types.has('BlogPosting')) hints.push('Add Article (or BlogPosting) JSON-LD.')
  if (input.faqCount > 0 && !types.has('FAQPage')) hints.push(`Add FAQPage JSON-LD for the ${count(input.faqCount, 'FAQ question')}.`)
  if (hints.length === 0) return pass(detail)
  const required = input.faqCount > 0 ? 2 : 1
  return fail(detail, hints.join(' '), (required - hints.length) / required)
}
