import { articlePromptKey, type ArticlePromptLabel } from '~/server/articles/prompt-labels'

// The prompt's labelled content as the writer reads it: `Label: value` lines, `Label:` lists and `Page:` blocks.

/** A page the prompt carries: a search result (`result N`) or a citable source (`source N`). */
export interface MaterialPage {
  url: string
  role: string
  title: string
  headings: string[]
  text: string
}

export interface ArticleMaterial {
  /** `Label: value` lines outside pages, keyed by the lower-cased label. */
  fields: Map<string, string>
  /** `Label:` lines followed by `- item` lines, outside pages. */
  lists: Map<string, string[]>
  pages: MaterialPage[]
}

const LABEL_LINE = /^([A-Z][A-Za-z ]{0,40}):(?:\s+(.*))?$/
const ITEM_LINE = /^-\s+(.+)$/
const PAGE_VALUE = /^(\S+)\s+\(([^)]+)\)$/

/** Reads the labelled content of the prompts' user messages; free sentences (instructions) are skipped. */
export function parseArticleMaterial(text: string): ArticleMaterial {
  const material: ArticleMaterial = { fields: new Map(), lists: new Map(), pages: [] }
  let page: MaterialPage | undefined
  let list: string[] | undefined
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line) {
      page = undefined
      list = undefined
      continue
    }
    const item = ITEM_LINE.exec(line)
    if (item && list) {
      list.push(item[1].trim())
      continue
    }
    list = undefined
    const labelled = LABEL_LINE.exec(line)
    if (!labelled) continue
    const label = labelled[1].trim().toLowerCase()
    const value = (labelled[2] ?? '').trim()
    if (label === articlePromptKey('page')) {
      const parts = PAGE_VALUE.exec(value)
      page = { url: parts?.[1] ?? value, role: parts?.[2].toLowerCase() ?? '', title: '', headings: [], text: '' }
      material.pages.push(page)
    } else if (page) {
      if (label === articlePromptKey('pageTitle')) page.title = value
      else if (label === articlePromptKey('pageText')) page.text = value
      else if (label === articlePromptKey('pageHeadings') && !value) list = page.headings
    } else if (value) {
      if (!material.fields.has(label)) material.fields.set(label, value)
    } else {
      list = []
      material.lists.set(label, list)
    }
  }
  return material
}

/** A `Label: value` of the prompt, by its name in the prompts' contract (articles/prompt-labels.ts). */
export const fieldOf = (material: ArticleMaterial, label: ArticlePromptLabel) => material.fields.get(articlePromptKey(label))
/** A `Label:` list of the prompt, by its name in the prompts' contract. */
export const listOf = (material: ArticleMaterial, label: ArticlePromptLabel) => material.lists.get(articlePromptKey(label))
