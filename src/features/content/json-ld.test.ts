import { describe, expect, it } from 'vitest'
import { jsonLdText } from './json-ld'

describe('an article’s JSON-LD data block', () => {
  it('parses back to the graphs, and no text in them can close the script element', () => {
    const graphs = [
      { '@context': 'https://schema.org', '@type': 'Article', headline: 'Cold brew </script><script>alert(1)</script>' },
      { '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [] },
    ]
    const text = jsonLdText(graphs)
    expect(text).not.toContain('</script')
    expect(text).not.toContain('<')
    expect(JSON.parse(text)).toEqual(graphs)
    expect(JSON.parse(jsonLdText([graphs[0]!]))).toEqual(graphs[0])
  })
})
