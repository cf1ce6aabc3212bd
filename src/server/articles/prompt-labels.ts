/**
 * The labels of the article prompts' user messages (prompts.ts, voice.ts) by which a reader finds
 * their material: `Label: value` lines, `Label:` followed by `- item` lines, and `Page: <url>
 * (<role>)` blocks with their Title, Headings and Text. The demo writer
 * (src/server/demo-network/llm/article-writer/) reads the prompts by these names only, and
 * demo-network/llm/article-prompt-contract.test.ts checks that every prompt carries the ones the
 * writer reads from it.
 */
export const ARTICLE_PROMPT_LABELS = {
  keyword: 'Keyword',
  business: 'Business',
  description: 'Description',
  valueProposition: 'Value proposition',
  services: 'Services',
  audience: 'Audience',
  articleType: 'Article type',
  sections: 'Sections',
  peopleAlsoAsk: 'People also ask',
  articleTitle: 'Article title',
  sectionHeading: 'Section heading',
  sectionPoints: 'Section points',
  otherSections: 'Other sections',
  article: 'Article',
  introduction: 'Introduction',
  bannedPhrases: 'Banned phrases',
  page: 'Page',
  pageTitle: 'Title',
  pageHeadings: 'Headings',
  pageText: 'Text',
} as const

export type ArticlePromptLabel = keyof typeof ARTICLE_PROMPT_LABELS

/** A label as a reader keys it: lower-cased, since labels are matched regardless of case. */
export const articlePromptKey = (label: ArticlePromptLabel) => ARTICLE_PROMPT_LABELS[label].toLowerCase()
