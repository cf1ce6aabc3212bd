import type { CallToAction } from '~/server/articles/prompts'
import { readContext } from './brief'
import { cased, lowerFirst } from './casing'
import type { ArticleMaterial } from './material'
import { hasDigit, wordCount, capitalise, withoutEndPunctuation, pick, splitSentences, joinList } from './words'

// The call to action, from the business's profile.

const BUTTONS: Array<[RegExp, string]> = [
  [/subscri/i, 'Start a subscription'],
  [/\b(?:saas|software|app|platform|crm|tool)\b|free trial/i, 'Start a free trial'],
  [/\bdemo\b/i, 'Book a demo'],
  [/consult|audit|strategy|coaching|advice/i, 'Book a consultation'],
  [/workshop/i, 'Book a workshop'],
  [/\b(?:class|classes|course|courses|lessons?)\b/i, 'Book a class'],
  [/wholesale/i, 'Ask about wholesale'],
  [/\b(?:shop|store|products?|beans|buy)\b/i, 'Shop now'],
]

export function writeCta(material: ArticleMaterial): CallToAction {
  const context = readContext(material)
  const { intent, business, casing, display } = context
  const subject = cased(intent.subject, casing)
  const offer = lowerFirst(
    withoutEndPunctuation(splitSentences(context.valueProposition || context.description)[0] ?? joinList(context.services)),
    casing,
  )
  const heading =
    intent.kind === 'versus'
      ? `Still deciding between ${cased(intent.a, casing)} and ${cased(intent.b, casing)}?`
      : {
          best: `Looking for the ${display}?`,
          'how-to': `Ready to ${subject}?`,
          question: `Still have questions about ${subject}?`,
          topic: pick([`Want help with ${display}?`, `Ready to make the most of ${display}?`], context.seed),
        }[intent.kind]
  const lead = {
    best: `Now that you know what to look for in ${subject}, you can let ${business} take care of the rest`,
    'how-to': `Now that you know how to ${subject}, ${business} can make every step of it easier at home`,
    versus:
      intent.kind === 'versus'
        ? `Whichever of ${cased(intent.a, casing)} and ${cased(intent.b, casing)} you choose, ${business} can help you get the most from it`
        : '',
    question: `If you want to go further with ${subject} than one article can take you, ${business} can help`,
    topic: `If you would rather leave ${display} to people who work with it every day, ${business} can help`,
  }[intent.kind]
  const services = joinList(context.services.map((service) => lowerFirst(service, casing)))
  const audiences = joinList(context.audiences.map((audience) => lowerFirst(audience, casing)))
  const invitation = services
    ? `Take a look at our ${services}${audiences ? `, designed with ${audiences} in mind` : ''}.`
    : 'Get in touch to see how we can help.'
  const offering = `${context.services.join(' ')} ${context.description}`
  // What the business does, in its own words, when that says more than the offer.
  // A description whose sentences all carry a figure gives its first sentence up to the clause
  // with the figure (figures are told only where a source holds them).
  const whole = splitSentences(context.description).find((sentence) => !hasDigit(sentence) && !sentence.includes(offer))
  const first = splitSentences(context.description)[0] ?? ''
  const figureAt = first.search(/\d/)
  const beforeFigure = figureAt < 0 ? first : first.slice(0, figureAt)
  const cut = Math.max(beforeFigure.lastIndexOf(', '), beforeFigure.lastIndexOf(' and '))
  const clause = withoutEndPunctuation(figureAt < 0 ? first : cut > 0 ? first.slice(0, cut) : '')
  const about = whole ?? (clause && wordCount(clause) >= 6 ? `About ${business}: ${lowerFirst(clause, casing)}.` : '')
  return {
    heading: capitalise(heading),
    text: [offer ? `${lead}: ${offer}.` : `${lead}.`, about, invitation].filter(Boolean).join(' '),
    buttonLabel: BUTTONS.find(([pattern]) => pattern.test(offering))?.[1] ?? 'Get started',
  }
}
