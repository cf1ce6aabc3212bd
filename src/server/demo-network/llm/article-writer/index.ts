import { scrubArticlePart } from '~/server/articles/banned-phrases'
import { ARTICLE_SCHEMAS } from '~/server/articles/prompts'
import { writeCta } from './cta'
import { writeFaq } from './faq'
import { type ArticleMaterial, parseArticleMaterial, listOf } from './material'
import { writeMeta } from './meta'
import { writeOutline } from './outline'
import { writeTypedSection } from './typed-section'

/**
 * The demo LLM's article writer: the answer to each article prompt (src/server/articles/prompts.ts),
 * written only from the content the user message carries — the profile, the keyword, the search
 * results, the fetched sources, the article so far — and never from the instructions.
 *
 * It reads the prompts' labelled format: `Label: value` lines, `Label:` followed by `- item` lines,
 * and `Page: <url> (<role>)` blocks with Title, Headings and Text. Any other line is an instruction
 * and is ignored. Choices vary with a stable hash of the input, never with randomness.
 *
 * The grounding rule holds by construction: a section states a number only in a sentence taken from
 * a source's text (numbers untouched) that ends with a Markdown link to that source; every other
 * sentence it writes has no digit at all.
 */

export { parseArticleMaterial, type ArticleMaterial, type MaterialPage } from './material'

const WRITERS = new Map<string, (material: ArticleMaterial) => unknown>([
  [ARTICLE_SCHEMAS.outline, writeOutline],
  [ARTICLE_SCHEMAS.section, writeTypedSection],
  [ARTICLE_SCHEMAS.faq, writeFaq],
  [ARTICLE_SCHEMAS.meta, writeMeta],
  [ARTICLE_SCHEMAS.cta, writeCta],
])

/** The mock's answer for an article schema name, from the user messages' text (system messages excluded); undefined for any other schema name. */
export function writeArticlePart(schemaName: string, userText: string): unknown | undefined {
  const writer = WRITERS.get(schemaName)
  const material = parseArticleMaterial(userText)
  // The business's banned phrases (its brand voice) never leave the writer: like a careful writer, it leaves them out.
  return scrubArticlePart(schemaName, writer?.(material), listOf(material, 'bannedPhrases') ?? [])
}
