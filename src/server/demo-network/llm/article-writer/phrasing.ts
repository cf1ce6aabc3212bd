import type { WriterContext } from './brief'
import { type Casing, sentenceCase, isTitleCased, lowerFirst } from './casing'
import { IMPERATIVE_START } from './outline-headings'
import { stemsOf, overlap, hasDigit, wordCount, capitalise, withoutEndPunctuation, possessive, FIRST_PERSON, isPlural } from './words'

// The writer's own sentences: paraphrases of sources, openings, connectors and the other set phrases.

/** Short phrases of a sentence ("beans need a few days to degas") that can stand as a section point. */
export function phraseChunks(sentence: string, casing: Casing): string[] {
  return (
    withoutEndPunctuation(sentence)
      // Commas split only before a new clause: "conversation, deal and task" is one list.
      .split(
        /\s*[;:()]\s*|,\s+(?=(?:and|but|so|because|while|which|although|whereas|since|if)\s)|\s+[–—]\s+|\s+(?:because|while|although|whereas|which|so that|but|since|if|as long as)\s+/i,
      )
      .map((chunk) => chunk.replace(/^(?:and|or|but|so|then|also|that|even|especially)\s+/i, '').trim())
      .filter(
        (chunk) =>
          wordCount(chunk) >= 3 &&
          wordCount(chunk) <= 12 &&
          !hasDigit(chunk) &&
          !FIRST_PERSON.test(chunk) &&
          !/^(?:it|its|this|that|they|these|those|he|she|there|which|who|because|while|although|whereas|not|as|since|when|if|unless|though)\b/i.test(
            chunk,
          ) &&
          !/\b(?:the|a|an|of|and|or|to|with|for|in)$/i.test(chunk),
      )
      .map((chunk) => lowerFirst(chunk, casing))
  )
}

const REWORDINGS: Array<[RegExp, string]> = [
  [/\byou should\b/gi, 'it pays to'],
  [/\bit is important to\b/gi, 'it pays to'],
  [/\bin order to\b/gi, 'to'],
  [/\ba lot of\b/gi, 'plenty of'],
  [/\bmake sure\b/gi, 'be sure'],
  [/\bvery /gi, ''],
]

/**
 * A source's sentence in our words: a connector in front, a few plain rewordings; numbers are left exactly as they are.
 * Connectors end in a comma, so they read as well before an instruction ("In practice, store…") as before a statement.
 */
export function paraphrase(sentence: string, connector: string, casing: Casing): string {
  let text = sentence.replace(/^(?:and|but|so|also|however|still),?\s+/i, '')
  for (const [pattern, replacement] of REWORDINGS) text = text.replace(pattern, replacement)
  text = capitalise(text)
  return connector ? connector + lowerFirst(text, casing) : text
}

export const CONNECTORS = ['In practice, ', 'As a rule, ', 'On top of that, ', 'In most cases, ', 'Just as important, ']
export const CITED_CONNECTORS = ['As a rule of thumb, ', 'To put a figure on it, ', '']
export const FOLLOW_UPS = [
  'Treat that as a starting point and adjust to your own results.',
  'It is a useful benchmark rather than a hard rule.',
  'Use it as a baseline, then fine-tune from there.',
]
export const LIST_LEAD_INS = [
  'A few points deserve a closer look:',
  'Keep these points in mind:',
  'Here is what to pay attention to:',
  'The points that matter here:',
  'In short:',
]
export const CLOSERS = [
  'Get the basics right first, and the finer details become much easier to judge.',
  'Small, deliberate adjustments tend to pay off more than sweeping changes.',
  'None of this needs to be complicated once the fundamentals are in place.',
]
/** A finite verb: the phrase is a clause ("robusta adds body") rather than a topic ("roast level"). */
const CLAUSE_VERB =
  /(?<!\bto )\b(?:is|are|was|were|can|could|should|will|would|may|might|must|does|do|has|have|(?:matter|make|need|affect|change|work|help|get|keep|add|give|take|bring|use|cost|save|let|mean|offer|provide|stay|hold|produce|taste|look|start|come|go|lead|require|depend|break)s?)(?=\s)/i
const isClause = (phrase: string) =>
  wordCount(phrase) >= 4 && CLAUSE_VERB.test(phrase) && !/^(?:how|what|which|when|where|who|why|whether)\s/i.test(phrase)

const GERUND_START =
  /^(?:choosing|getting|making|finding|using|building|picking|buying|storing|brewing|setting|starting|keeping|learning|planning|comparing|measuring|tracking|managing)\s/i

/**
 * The section's first sentence, shaped by its heading: a question, an embedded question, a clause
 * or a topic. `choice` picks the frame: a section passes its place among the headings, so no two
 * sections of an article open with the same frame; past the frames there are, none (undefined).
 */
export function openingSentence(heading: string, choice: number, casing: Casing): string | undefined {
  const pick = <T>(options: readonly T[]): T | undefined => options[choice]
  const label = heading.split(/:\s/)[0].replace(/[.!]$/, '').trim()
  // A title-cased heading ("Coffee Roasters Near You") is written in sentence case inside a sentence.
  const core = isTitleCased(label) ? sentenceCase(label, casing) : label
  const lower = lowerFirst(core, casing)
  if (heading.endsWith('?') && !heading.includes(':'))
    return [heading, pick(['The answer is less complicated than it first seems.', 'It comes up often, and it has a practical answer.'])]
      .filter(Boolean)
      .join(' ')
  const why = /^why\s+(.+)$/i.exec(core)
  if (why)
    return pick([
      `${capitalise(why[1])}, and the reasons are practical rather than theoretical.`,
      `${capitalise(why[1])}, and it is worth seeing why.`,
    ])
  if (/^(?:how|what|which|when|where|who|whether)\s/i.test(core))
    return pick([`It helps to understand ${lower} before anything else.`, `Knowing ${lower} saves a lot of trial and error.`])
  if (isClause(core)) return pick([`${capitalise(core)}, and it is worth understanding why.`])
  if (GERUND_START.test(core))
    return pick([
      `${capitalise(core)} is easier than it looks once the basics are clear.`,
      `${capitalise(core)} comes down to a handful of decisions.`,
    ])
  return pick([
    `${capitalise(core)} can make a bigger difference than most people expect.`,
    `It pays to look closely at ${lower}.`,
    `Few choices shape the outcome as much as ${lower}.`,
  ])
}

/**
 * At most one sentence about the business, from its profile: about what it offers where the section
 * touches it, or now and then about whom it serves; in half the sections, none.
 */
export function profileMention(context: WriterContext, focus: ReadonlySet<string>, seed: number): string | undefined {
  if (seed % 2 === 0) return undefined
  const { business, casing } = context
  // The offer itself is told once, in the call to action; a section names the service its subject touches.
  const service = context.services.find((candidate) => overlap(stemsOf(candidate), focus) > 0)
  const mention = service ? `It is the same care that goes into ${possessive(business)} ${lowerFirst(service, casing)}.` : undefined
  return mention && !hasDigit(mention) ? mention : undefined
}

/**
 * The introduction's first sentence: the keyword as searched (or the variant the shared keyword
 * rule accepts), in a frame for its kind of search, and no frame a section uses.
 */
export function introductionOpening({ display, intent, casing }: WriterContext): string {
  const plural = isPlural(intent.subject)
  switch (intent.kind) {
    case 'question':
      return `${capitalise(display.replace(/\?$/, ''))}? The short answer depends on a few things, set out below.`
    case 'how-to':
      return `Learning ${lowerFirst(display, casing)} takes less time than most people think.`
    case 'versus':
      return `${capitalise(display)} is a common comparison, and the better choice depends on what you want from it.`
    case 'best':
      return `The ${lowerFirst(display, casing)} ${plural ? 'are' : 'is'} not the same for everyone, so it pays to know what sets them apart.`
    case 'topic':
      return `${capitalise(display)} ${plural ? 'are' : 'is'} easier to get right once you know what matters.`
  }
}

/** A point long enough to be a source's sentence cut short (eight words or more), not a short topic. */
export const hasSentenceShape = (point: string) => wordCount(point) >= 8

/** A point in a sentence: a clause as it stands ("Robusta adds body."), a topic or a question in a frame. */
export function pointSentence(point: string, index: number, casing: Casing): string {
  if (isClause(point) || IMPERATIVE_START.test(point)) return `${capitalise(point)}.`
  // A question as asked ("How popular is cold brew?") stays a question; "how to …" reads as a topic.
  if (/\?$/.test(point) || /^(?:how|what|which|when|where|why)\s+(?:\S+\s+)?(?:is|are|do|does|did|can|should|will)\s/i.test(point)) {
    const question = `${point.charAt(0).toLowerCase()}${point.slice(1).replace(/\?+$/, '')}?`
    return index === 0 ? `A question worth asking first: ${question}` : `Then there is the question: ${question}`
  }
  if (/^(?:how|what|which|when|where|why|whether)\s/i.test(point)) {
    const topic = `${point.charAt(0).toLowerCase()}${point.slice(1)}`
    return index === 0 ? `It helps to know ${topic}.` : `It is also worth knowing ${topic}.`
  }
  const topic = lowerFirst(point, casing)
  return index === 0 ? `A good place to start is ${topic}.` : `It is also worth thinking about ${topic}.`
}
