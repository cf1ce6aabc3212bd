import { z } from 'zod'
import {
  ARTICLE_TYPE_LABELS,
  ARTICLE_TYPE_OUTLINE_RULES,
  ARTICLE_TYPE_SECTION_RULES,
  type ArticleType,
} from '~/shared/articles/article-types'
import { KEYWORD_RULE_FOR_WRITERS } from '~/shared/articles/keyword-rule'
import { voiceBlock, voiceRule, type WriterVoice } from './voice'
import { ARTICLE_PROMPT_LABELS as LABELS } from './prompt-labels'

/**
 * What article generation asks the LLM, and the shape of each answer (docs/product/pipeline.md §4).
 *
 * Prompts keep instructions and content apart, as every prompt of ours does
 * (src/server/demo-network/llm/prompt-material.ts): the system message says what to do; the user
 * message only carries labelled content — `Label: value` lines, `Label:` followed by `- item`
 * lines, and `Page: <url> (<role>)` blocks with their Title, Headings and Text, each label taken
 * from prompt-labels.ts. The demo's mock writer (src/server/demo-network/llm/article-writer/)
 * reads this format by the same labels, so it writes from the profile, the keyword and the search
 * results it is given, never from our instructions.
 */

/** What the article is written for: the business as its profile describes it. */
export interface WriterProfile {
  name: string
  url: string
  description: string
  valueProposition: string
  services: string[]
  audiences: string[]
  language: string
  tone: string
  /** The brand voice: profile, standing instructions, banned phrases (voice.ts). */
  voice?: WriterVoice
}

/** A page the article draws on: a top search result, or a source fetched for citations. */
export interface BriefPage {
  url: string
  title: string
  headings: string[]
  /** Readable text, already cut to what the prompt may carry. */
  text: string
}

export interface ArticleBrief {
  keyword: string
  profile: WriterProfile
  /** The top organic results, best first. */
  results: BriefPage[]
  /** "People also ask" questions of the keyword's results page. */
  questions: string[]
  /** The article's type (article-types.ts); a guide when absent. */
  articleType?: ArticleType
  /** The article's target length and the sections planned for it (src/shared/articles/length-target.ts). */
  length?: { words: number; sections: number }
}

export const ARTICLE_SCHEMAS = {
  outline: 'article_outline',
  section: 'article_section',
  faq: 'article_faq',
  meta: 'article_meta',
  cta: 'article_cta',
} as const

export const outlineSchema = z.object({
  /** The article's title, used as its H1. */
  title: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      level: z.enum(['h2', 'h3']),
      /** What the section must cover, in a few words each. */
      points: z.array(z.string()),
    }),
  ),
})
export type Outline = z.infer<typeof outlineSchema>

/** One section's body in Markdown blocks (paragraphs, lists), without its heading. */
export const sectionSchema = z.object({ blocks: z.array(z.string()) })

export const faqSchema = z.object({ questions: z.array(z.object({ question: z.string(), answer: z.string() })) })
export type Faq = z.infer<typeof faqSchema>['questions']

export const metaSchema = z.object({ metaTitle: z.string(), metaDescription: z.string() })

export const ctaSchema = z.object({ heading: z.string(), text: z.string(), buttonLabel: z.string() })
export type CallToAction = z.infer<typeof ctaSchema>

/** Longest text of one page a prompt carries. */
export const PAGE_TEXT_LIMIT = 4_000
const MAX_HEADINGS_PER_PAGE = 12

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()
const field = (label: string, value: string) => (oneLine(value) ? `${label}: ${oneLine(value)}` : '')
const list = (label: string, items: string[]) => {
  const lines = items.map(oneLine).filter(Boolean)
  return lines.length > 0 ? [`${label}:`, ...lines.map((item) => `- ${item}`)].join('\n') : ''
}
const join = (...blocks: string[]) => blocks.filter(Boolean).join('\n\n')

function profileBlock(keyword: string, profile: WriterProfile): string {
  return [
    field(LABELS.keyword, keyword),
    field('Language', profile.language),
    field('Tone', profile.tone),
    field(LABELS.business, profile.name),
    field('Site', profile.url),
    field(LABELS.description, profile.description),
    field(LABELS.valueProposition, profile.valueProposition),
    field(LABELS.services, profile.services.join(', ')),
    field(LABELS.audience, profile.audiences.join(', ')),
  ]
    .filter(Boolean)
    .concat(voiceBlock(profile.voice) ? ['', voiceBlock(profile.voice)] : [])
    .join('\n')
}

function pageBlock(page: BriefPage, role: string): string {
  return [
    `${LABELS.page}: ${page.url} (${role})`,
    field(LABELS.pageTitle, page.title),
    list(LABELS.pageHeadings, page.headings.slice(0, MAX_HEADINGS_PER_PAGE)),
    field(LABELS.pageText, page.text.slice(0, PAGE_TEXT_LIMIT)),
  ]
    .filter(Boolean)
    .join('\n')
}

/**
 * The article's type as a labelled line of the user message, `Article type: <id> (<label>)`: the
 * system message states the type's rules, and the demo writer reads the id.
 */
const articleTypeField = (type: ArticleType | undefined) => (type ? `${LABELS.articleType}: ${type} (${ARTICLE_TYPE_LABELS[type]})` : '')

const languageRule = (profile: WriterProfile) =>
  [
    `Write in ${profile.language}, in a ${profile.tone.toLowerCase()} tone, for ${profile.audiences.join(', ') || 'the business’s customers'}.`,
    voiceRule(profile.voice),
  ]
    .filter(Boolean)
    .join(' ')

const formatWords = (words: number) => words.toLocaleString('en-US')

export function outlinePrompt(brief: ArticleBrief) {
  const { length } = brief
  return {
    system: [
      'You plan SEO articles that answer a search better than the pages ranking for it today.',
      length
        ? `Plan a title that contains the keyword and an article of about ${formatWords(length.words)} words in ${length.sections} sections (h2, with h3 under them where a section needs parts), each a subject the results or the questions give material for.`
        : 'Plan a title that contains the keyword and 5 to 8 sections (h2, with h3 under them where a section needs parts).',
      KEYWORD_RULE_FOR_WRITERS,
      'Cover what the top results cover, then what they miss; use the questions people ask. Never plan a section about the business itself.',
      ARTICLE_TYPE_OUTLINE_RULES[brief.articleType ?? 'guide'],
      languageRule(brief.profile),
    ].join(' '),
    prompt: join(
      profileBlock(brief.keyword, brief.profile),
      articleTypeField(brief.articleType),
      length
        ? [field('Target length', `${formatWords(length.words)} words`), field(LABELS.sections, String(length.sections))].join('\n')
        : '',
      ...brief.results.map((page, index) => pageBlock(page, `result ${index + 1}`)),
      list(LABELS.peopleAlsoAsk, brief.questions),
    ),
  }
}

export interface SectionRequest {
  keyword: string
  profile: WriterProfile
  title: string
  heading: string
  points: string[]
  /** The other sections' headings: what this one must not repeat. */
  otherHeadings: string[]
  /** Pages fetched for this article, citable by their URL. */
  sources: BriefPage[]
  /** The article's type (article-types.ts); a guide when absent. */
  articleType?: ArticleType
  /** The words the section is planned for (the article's target over its sections); absent: no length asked. */
  words?: number
}

export function sectionPrompt(request: SectionRequest) {
  return {
    system: [
      'You write one section of an SEO article in Markdown: two to four short paragraphs or a list, no heading.',
      'Every sentence that states a number must end with a Markdown link to the source page it comes from, and the number must appear on that page.',
      'Use no number you cannot cite. Do not repeat what the other sections cover. No filler, no claims about the business beyond its profile.',
      'Write at least 80 words of substance; never repeat a sentence or reuse one sentence frame. An introduction uses the keyword in its first sentence.',
      request.words
        ? `Aim for about ${formatWords(request.words)} words where the sources give that much to say; write less rather than pad.`
        : '',
      KEYWORD_RULE_FOR_WRITERS,
      'Put in quotation marks, or attribute to someone ("according to", "says"), only words copied exactly from a source page, in a sentence ending with a link to that page; otherwise say it in your own words and attribute it to no one.',
      ARTICLE_TYPE_SECTION_RULES[request.articleType ?? 'guide'],
      languageRule(request.profile),
    ]
      .filter(Boolean)
      .join(' '),
    prompt: join(
      profileBlock(request.keyword, request.profile),
      articleTypeField(request.articleType),
      field(LABELS.articleTitle, request.title),
      field(LABELS.sectionHeading, request.heading),
      list(LABELS.sectionPoints, request.points),
      list(LABELS.otherSections, request.otherHeadings),
      ...request.sources.map((page, index) => pageBlock(page, `source ${index + 1}`)),
    ),
  }
}

export function faqPrompt(request: {
  keyword: string
  profile: WriterProfile
  questions: string[]
  article: string
  sources?: BriefPage[]
}) {
  return {
    system: [
      'You write the FAQ of an SEO article: 3 to 6 questions people search for, each answered in two or three sentences.',
      'Answer from the article and the source pages without copying the article’s sentences; state no number the article does not state.',
      'Quote no one and attribute nothing to anyone.',
      languageRule(request.profile),
    ].join(' '),
    prompt: join(
      profileBlock(request.keyword, request.profile),
      list(LABELS.peopleAlsoAsk, request.questions),
      field(LABELS.article, request.article.slice(0, 12_000)),
      ...(request.sources ?? []).map((page, index) => pageBlock(page, `source ${index + 1}`)),
    ),
  }
}

export function metaPrompt(request: { keyword: string; profile: WriterProfile; title: string; introduction: string }) {
  return {
    system: [
      'You write the meta title (at most 60 characters, with the keyword near the start) and the meta description',
      '(120 to 160 characters, with the keyword, saying what the reader gets) of an SEO article.',
      KEYWORD_RULE_FOR_WRITERS,
      languageRule(request.profile),
    ].join(' '),
    prompt: join(
      profileBlock(request.keyword, request.profile),
      field(LABELS.articleTitle, request.title),
      field(LABELS.introduction, request.introduction),
    ),
  }
}

export function ctaPrompt(request: { keyword: string; profile: WriterProfile; title: string }) {
  return {
    system: [
      'You write the call to action that closes an SEO article: a short heading, two sentences linking what the reader',
      'just learned to what the business offers (from its value proposition), and a button label of at most four words.',
      languageRule(request.profile),
    ].join(' '),
    prompt: join(profileBlock(request.keyword, request.profile), field(LABELS.articleTitle, request.title)),
  }
}
