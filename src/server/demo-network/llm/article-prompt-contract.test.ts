import { describe, expect, it } from 'vitest'
import { ARTICLE_PROMPT_LABELS, articlePromptKey, type ArticlePromptLabel } from '~/server/articles/prompt-labels'
import {
  ctaPrompt,
  faqPrompt,
  metaPrompt,
  outlinePrompt,
  sectionPrompt,
  type BriefPage,
  type WriterProfile,
} from '~/server/articles/prompts'
import { parseArticleMaterial } from './article-writer'

// The text contract between our article prompts and the demo writer (articles/prompt-labels.ts):
// each prompt, read the way the writer reads it, carries every label the writer looks for in it.

const profile: WriterProfile = {
  name: 'Northside Roasters',
  url: 'https://northside.example',
  description: 'A small coffee roaster shipping fresh beans.',
  valueProposition: 'Roasted on Monday, at your door by Wednesday.',
  services: ['Coffee beans', 'Subscriptions'],
  audiences: ['Home baristas'],
  language: 'English',
  tone: 'Friendly',
  voice: { profile: null, instructions: '', bannedPhrases: ['game changer'] },
}
const page: BriefPage = {
  url: 'https://brewlab.example/grind-size',
  title: 'Grind Size Explained',
  headings: ['Why grind size matters'],
  text: 'A coarse grind suits a french press.',
}
const PROFILE_LABELS: ArticlePromptLabel[] = [
  'keyword',
  'business',
  'description',
  'valueProposition',
  'services',
  'audience',
  'bannedPhrases',
]
const LIST_LABELS = new Set<ArticlePromptLabel>(['peopleAlsoAsk', 'sectionPoints', 'otherSections', 'bannedPhrases'])

const prompts = {
  outline: {
    prompt: outlinePrompt({
      keyword: 'coffee grind size',
      profile,
      results: [page],
      questions: ['What grind size for espresso?'],
      articleType: 'guide',
      length: { words: 1500, sections: 6 },
    }).prompt,
    labels: ['articleType', 'sections', 'peopleAlsoAsk'],
    pageRole: 'result 1',
  },
  section: {
    prompt: sectionPrompt({
      keyword: 'coffee grind size',
      profile,
      title: 'Coffee Grind Size: A Guide',
      heading: 'Why grind size matters',
      points: ['Extraction'],
      otherHeadings: ['Grinders compared'],
      sources: [page],
      articleType: 'guide',
    }).prompt,
    labels: ['articleType', 'articleTitle', 'sectionHeading', 'sectionPoints', 'otherSections'],
    pageRole: 'source 1',
  },
  faq: {
    prompt: faqPrompt({
      keyword: 'coffee grind size',
      profile,
      questions: ['What grind size for espresso?'],
      article: 'Grind finer for espresso.',
      sources: [page],
    }).prompt,
    labels: ['peopleAlsoAsk', 'article'],
    pageRole: 'source 1',
  },
  meta: {
    prompt: metaPrompt({ keyword: 'coffee grind size', profile, title: 'Coffee Grind Size: A Guide', introduction: 'Grind matters.' })
      .prompt,
    labels: ['articleTitle', 'introduction'],
    pageRole: undefined,
  },
  cta: {
    prompt: ctaPrompt({ keyword: 'coffee grind size', profile, title: 'Coffee Grind Size: A Guide' }).prompt,
    labels: ['articleTitle'],
    pageRole: undefined,
  },
} satisfies Record<string, { prompt: string; labels: ArticlePromptLabel[]; pageRole: string | undefined }>

describe('the article prompts as the demo writer reads them', () => {
  for (const [name, { prompt, labels, pageRole }] of Object.entries(prompts)) {
    it(`the ${name} prompt carries the profile, its own labels and its pages`, () => {
      const material = parseArticleMaterial(prompt)
      for (const label of [...PROFILE_LABELS, ...(labels as ArticlePromptLabel[])]) {
        const found = LIST_LABELS.has(label)
          ? material.lists.get(articlePromptKey(label))?.length
          : material.fields.get(articlePromptKey(label))
        expect(found, `${ARTICLE_PROMPT_LABELS[label]} in the ${name} prompt`).toBeTruthy()
      }
      if (pageRole) {
        expect(material.pages).toEqual([{ url: page.url, role: pageRole, title: page.title, headings: page.headings, text: page.text }])
      }
    })
  }

  it('names no label that no prompt carries', () => {
    const carried = new Set<string>()
    for (const { prompt } of Object.values(prompts)) {
      const material = parseArticleMaterial(prompt)
      for (const key of [...material.fields.keys(), ...material.lists.keys()]) carried.add(key)
      if (material.pages.length > 0) ['page', 'pageTitle', 'pageHeadings', 'pageText'].forEach((label) => carried.add(label))
    }
    const unused = (Object.keys(ARTICLE_PROMPT_LABELS) as ArticlePromptLabel[]).filter(
      (label) => !carried.has(articlePromptKey(label)) && !carried.has(label),
    )
    expect(unused).toEqual([])
  })
})
