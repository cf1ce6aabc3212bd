import { describe, expect, it } from 'vitest'
import { articleFile } from './article-download'

const article = {
  title: 'Cold brew: "the" guide',
  slug: 'cold-brew-guide',
  metaTitle: 'Cold brew <at home>',
  metaDescription: 'How to make "cold brew" & keep it.',
  markdown: '# Cold brew\n\nSteep it overnight.\n',
  html: '<h1>Cold brew</h1>\n<p>Steep it overnight.</p>',
  jsonLd: [{ '@type': 'Article', headline: '</script><script>alert(1)</script>' }],
}

describe('an article download', () => {
  it('is Markdown with a front matter of title, slug and meta description', () => {
    const file = articleFile(article, 'markdown')
    expect(file.filename).toBe('cold-brew-guide.md')
    expect(file.type).toBe('text/markdown;charset=utf-8')
    expect(file.content).toBe(
      [
        '---',
        'title: "Cold brew: \\"the\\" guide"',
        'slug: "cold-brew-guide"',
        'description: "How to make \\"cold brew\\" & keep it."',
        '---',
        '',
        '# Cold brew',
        '',
        'Steep it overnight.',
        '',
      ].join('\n'),
    )
  })

  it('is a complete HTML document with its title, meta description and structured data escaped', () => {
    const file = articleFile(article, 'html')
    expect(file.filename).toBe('cold-brew-guide.html')
    expect(file.content.startsWith('<!doctype html>')).toBe(true)
    expect(file.content).toContain('<title>Cold brew &lt;at home&gt;</title>')
    expect(file.content).toContain('<meta name="description" content="How to make &quot;cold brew&quot; &amp; keep it.">')
    expect(file.content).toContain('<article>\n<h1>Cold brew</h1>\n<p>Steep it overnight.</p>\n</article>')
    expect(file.content).not.toContain('</script><script>')
    expect(file.content.split('<script').length - 1).toBe(1)
  })

  it('falls back to the title without a meta title', () => {
    expect(articleFile({ ...article, metaTitle: '', jsonLd: [] }, 'html').content).toContain(
      '<title>Cold brew: &quot;the&quot; guide</title>',
    )
  })
})
