import { articlePromptKey } from '~/server/articles/prompt-labels'
import { articleTypeOf, plainHeading, comparisonHeadings } from './article-types'
import { readContext } from './brief'
import { cased } from './casing'
import { comparisonTable } from './comparison-table'
import { type ArticleMaterial, fieldOf, listOf } from './material'
import { writeSectionParts } from './section'
import { capitalise, normalizedLine, splitSentences } from './words'

// A section of a typed article (listicle, how-to, comparison …): written as a plain section, a comparison's table first.

/**
 * A section of a typed article: written to the heading the outline planned (its type's numbering
 * or question frame taken off, so it reads as any section), and a comparison's table section opens
 * with the table.
 */
export function writeTypedSection(material: ArticleMaterial): { blocks: string[] } {
  const type = articleTypeOf(material)
  if (type === 'guide') return { blocks: writeSectionParts(material).blocks }
  const context = readContext(material)
  const heading = fieldOf(material, 'sectionHeading') ?? ''
  const fields = new Map(material.fields)
  const lists = new Map(material.lists)
  const { glance, verdict } = comparisonHeadings(context.intent, context.casing)
  const plain = (text: string) =>
    normalizedLine(text) === normalizedLine(verdict) && context.intent.kind === 'versus'
      ? `${capitalise(cased(context.intent.a, context.casing))} or ${cased(context.intent.b, context.casing)}: which should you choose?`
      : plainHeading(text, context.casing)
  if (heading) fields.set(articlePromptKey('sectionHeading'), plain(heading))
  lists.set(articlePromptKey('otherSections'), (listOf(material, 'otherSections') ?? []).map(plain))
  const written = writeSectionParts({ ...material, fields, lists })
  // Casing is learned from each prompt's pages, so headings are compared as normalised lines.
  const isGlance = type === 'comparison' && normalizedLine(heading) === normalizedLine(glance)
  const table = isGlance ? comparisonTable(material, context) : undefined
  if (!table) return written
  // The table is the section's substance: prose the section owns no source sentence for would only
  // name the other sections again, so a short lead takes its place.
  if (written.owned === 0) return { blocks: [table] }
  // The table opens the section, so the opening frame naming the heading goes.
  const [lead, ...rest] = written.blocks
  const [opening, ...afterOpening] = splitSentences(lead ?? '')
  const opens = opening !== undefined && normalizedLine(opening).includes(normalizedLine(plain(heading)))
  return { blocks: [table, ...(opens ? [afterOpening.join(' ')].filter(Boolean) : lead ? [lead] : []), ...rest] }
}
