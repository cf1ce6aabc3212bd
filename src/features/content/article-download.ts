import { jsonLdText } from './json-ld'
import { escapeHtml } from '~/shared/text'

/**
 * An article as a file to take elsewhere, built in the browser from article.get's data: Markdown
 * with a front matter (title, slug, meta description) or a complete HTML document (its <title>,
 * meta description and structured data in the head, the article's sanitised HTML as the body).
 */

export interface DownloadableArticle {
  title: string
  slug: string
  metaTitle: string
  metaDescription: string
  markdown: string
  html: string
  jsonLd: unknown[]
}

export type DownloadFormat = 'markdown' | 'html'

/** A YAML double-quoted scalar: backslashes, quotes and line breaks escaped, so any title stays one value. */
function yamlString(value: string) {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n').replace(/\t/g, '\\t')}"`
}

export function articleMarkdownFile(article: DownloadableArticle) {
  const frontMatter = [
    '---',
    `title: ${yamlString(article.title)}`,
    `slug: ${yamlString(article.slug)}`,
    `description: ${yamlString(article.metaDescription)}`,
    '---',
  ].join('\n')
  return `${frontMatter}\n\n${article.markdown.trim()}\n`
}

export function articleHtmlFile(article: DownloadableArticle) {
  const structured =
    article.jsonLd.length > 0
      ? `\n<script type="application/ld+json">${jsonLdText(article.jsonLd as Record<string, unknown>[])}</script>`
      : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(article.metaTitle || article.title)}</title>
<meta name="description" content="${escapeHtml(article.metaDescription)}">${structured}
</head>
<body>
<article>
${article.html.trim()}
</article>
</body>
</html>
`
}

/** The file's name, content and type for one format: `<slug>.md` or `<slug>.html`. */
export function articleFile(article: DownloadableArticle, format: DownloadFormat) {
  const name = article.slug || 'article'
  return format === 'markdown'
    ? { filename: `${name}.md`, content: articleMarkdownFile(article), type: 'text/markdown;charset=utf-8' }
    : { filename: `${name}.html`, content: articleHtmlFile(article), type: 'text/html;charset=utf-8' }
}

/** Saves the file through a temporary object URL and link (revoked after the click). */
export function downloadArticle(article: DownloadableArticle, format: DownloadFormat) {
  const file = articleFile(article, format)
  const url = URL.createObjectURL(new Blob([file.content], { type: file.type }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
