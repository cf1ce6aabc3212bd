/**
 * The reading level an article is scored against, from whom the business writes for (its target
 * audiences in settings): plain English for beginners and consumers, the general level for most
 * readers, a denser level for professional readers who expect their field's vocabulary. Levels
 * are Flesch reading ease (English); other languages are measured by sentence length alone.
 */

export interface ReadingLevel {
  id: 'plain' | 'general' | 'professional'
  /** How the level reads in a check's detail ("plain English"). */
  label: string
  /** Flesch reading ease for full points, and the floor below which the check earns none. */
  fleschPass: number
  fleschFloor: number
}

export const READING_LEVELS: Record<ReadingLevel['id'], ReadingLevel> = {
  plain: { id: 'plain', label: 'plain English', fleschPass: 60, fleschFloor: 40 },
  general: { id: 'general', label: 'general readers', fleschPass: 50, fleschFloor: 30 },
  professional: { id: 'professional', label: 'professional readers', fleschPass: 40, fleschFloor: 20 },
}

/** Readers who need plain English: newcomers, consumers at home, young readers. */
const PLAIN_READERS =
  /\b(?:beginners?|novices?|newcomers?|first[- ]time|curious|new to|home(?:owners?| cooks?| baristas?)?|families|parents?|kids|children|students?|consumers?|shoppers?|hobbyists?|retirees?)\b/i
/** Readers who expect their field's vocabulary. */
const PROFESSIONAL_READERS =
  /\b(?:engineers?|developers?|ctos?|cfos?|ceos?|cios?|founders?|lawyers?|attorneys?|physicians?|doctors?|clinicians?|nurses?|accountants?|analysts?|researchers?|scientists?|executives?|procurement|b2b|enterprises?|it (?:teams?|managers?|leaders?)|devops|specialists?|professionals?|agencies|marketers?)\b/i

/**
 * The level for a business's audiences: plain when any audience needs plain English (an article
 * read by beginners must suit them), professional when every audience named is professional,
 * general otherwise (and when no audience is known).
 */
export function readingLevelFor(audiences: readonly string[] | null | undefined): ReadingLevel {
  const named = (audiences ?? []).map((audience) => audience.trim()).filter(Boolean)
  if (named.some((audience) => PLAIN_READERS.test(audience))) return READING_LEVELS.plain
  if (named.length > 0 && named.every((audience) => PROFESSIONAL_READERS.test(audience))) return READING_LEVELS.professional
  return READING_LEVELS.general
}
