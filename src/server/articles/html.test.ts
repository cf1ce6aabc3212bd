import { parseHTML } from 'linkedom'
import { marked } from 'marked'
import { describe, expect, it } from 'vitest'
import { DEMO_VIDEO_TEXT, withDemoVideoStandIn } from '~/shared/articles/demo-video'
import { XSS_PAYLOADS } from '~tests/fixtures/xss-corpus'
import { headingSlug, htmlToText, jsonLdScript, markdownToSafeHtml, sanitizeArticleHtml, youtubeEmbedHtml } from './html'

const OPTIONS = { siteUrl: 'https://www.roastery.example' }

/** The allow-list as the product spec states it, written out independently of the module. */
const SPEC_ATTRIBUTES: Record<string, readonly string[]> = {
  ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, ['id']])),
  ...Object.fromEntries(
    ['p', 'br', 'hr', 'strong', 'em', 'b', 'i', 'u', 's', 'del', 'ins', 'mark', 'sub', 'sup', 'blockquote', 'ul', 'ol', 'li']
      .concat(['table', 'thead', 'tbody', 'tr', 'pre', 'code', 'figure', 'figcaption'])
      .map((tag) => [tag, []]),
  ),
  th: ['align'],
  td: ['align'],
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
  iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
}
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
const NOCOOKIE_EMBED = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/

function parse(html: string) {
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`)
  const wrappers = new Set<Element>([document.documentElement, document.head, document.body])
  return { document, elements: [...document.querySelectorAll('*')].filter((element) => !wrappers.has(element)) }
}

/** Everything in the HTML that breaks the allow-list, described; empty when the HTML is safe. */
function violations(html: string): string[] {
  const found: string[] = []
  if (html.toLowerCase().includes('<script')) found.push('raw "<script" in the output')
  for (const element of parse(html).elements) {
    const tag = element.localName
    const allowed = SPEC_ATTRIBUTES[tag]
    if (!allowed) found.push(`element <${tag}>`)
    for (const { name, value } of [...element.attributes]) {
      if (name.toLowerCase().startsWith('on')) found.push(`event handler ${name} on <${tag}>`)
      if (allowed && !allowed.includes(name)) found.push(`attribute ${name} on <${tag}>`)
      if (name === 'href' || name === 'src') {
        const protocol = URL.parse(value, 'https://base.invalid/')?.protocol
        if (!protocol || !SAFE_PROTOCOLS.has(protocol)) found.push(`${name}="${value}" on <${tag}>`)
      }
    }
    if (tag === 'iframe' && !NOCOOKIE_EMBED.test(element.getAttribute('src') ?? ''))
      found.push(`iframe src="${element.getAttribute('src')}"`)
  }
  return found
}

describe('the XSS corpus', () => {
  it('has a payload for every class, each calling its own __xss(n)', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(60)
    expect(new Set(XSS_PAYLOADS).size).toBe(XSS_PAYLOADS.length)
    expect(XSS_PAYLOADS[0]).toBe('<script>__xss(1)</script>')
    expect(XSS_PAYLOADS.at(-1)).toContain(`__xss(${XSS_PAYLOADS.length})`)
  })

  it('is caught by the checker before sanitising, so the checker can fail', () => {
    const flagged = XSS_PAYLOADS.filter((payload) => violations(payload).length > 0)
    expect(flagged.length).toBeGreaterThan(XSS_PAYLOADS.length / 2)
    expect(violations('<a href=" java&#x09;script:x()">x</a>')).toEqual(['href=" java\tscript:x()" on <a>'])
  })

  it.each(XSS_PAYLOADS.map((payload, index) => [index + 1, payload] as const))(
    'payload %i is harmless after markdownToSafeHtml',
    (_, payload) => {
      expect(violations(markdownToSafeHtml(payload, OPTIONS))).toEqual([])
    },
  )

  it.each(XSS_PAYLOADS.map((payload, index) => [index + 1, payload] as const))(
    'payload %i is harmless after sanitizeArticleHtml',
    (_, payload) => {
      const html = sanitizeArticleHtml(payload, OPTIONS)
      expect(violations(html)).toEqual([])
      // A browser re-reading the output must see what the sanitiser saw: sanitising again changes nothing.
      expect(sanitizeArticleHtml(html, OPTIONS)).toBe(html)
    },
  )
})

describe('sanitizeArticleHtml', () => {
  it('drops the text of scripts, styles and other non-prose elements, keeps the text of unknown wrappers', () => {
    const html = sanitizeArticleHtml(
      '<p>before <script>__xss(1)</script><style>p{color:red}</style><noscript>enable js</noscript>' +
        '<template>tpl</template><svg><text>svg text</text></svg><math><mi>x</mi></math>' +
        '<select><option>opt</option></select><span class="x" style="color:red">after</span></p><div>plain div</div>',
      OPTIONS,
    )
    expect(html).toBe('<p>before after</p>plain div')
  })

  it('keeps links to the site internal and sends other hosts to a new tab without opener or referrer', () => {
    const html = sanitizeArticleHtml(
      '<a href="/pricing" target="_blank">a</a><a href="https://roastery.example/x">b</a><a href="#faq">c</a>' +
        '<a href="https://shop.example.org/beans" rel="nofollow opener" target="_self" title="Beans">d</a>' +
        '<a href="mailto:hi@roastery.example">e</a><a href="//evil.example/p">f</a><a href="/\\evil.example">g</a>',
      OPTIONS,
    )
    const links = parse(html).elements.map((element) => Object.fromEntries([...element.attributes].map(({ name, value }) => [name, value])))
    expect(links).toEqual([
      { href: '/pricing' },
      { href: 'https://roastery.example/x' },
      { href: '#faq' },
      { href: 'https://shop.example.org/beans', title: 'Beans', rel: 'nofollow noopener noreferrer', target: '_blank' },
      { href: 'mailto:hi@roastery.example' },
      { href: 'https://evil.example/p', rel: 'noopener noreferrer', target: '_blank' },
      { href: 'https://evil.example/', rel: 'noopener noreferrer', target: '_blank' },
    ])
  })

  it('unwraps links whose URL is refused and keeps their text', () => {
    expect(sanitizeArticleHtml('<p><a href="javascript:x()">one</a> <a href="ftp://x.example/">two</a> <a>three</a></p>', OPTIONS)).toBe(
      '<p>one two three</p>',
    )
  })

  it('keeps http(s) images and app media, lazily loaded, and removes any other image', () => {
    const html = sanitizeArticleHtml(
      '<img src="/media/b1/chart.svg" alt="Chart" width="640" height="100%" srcset="/x 2x">' +
        '<img src="https://cdn.example/photo.webp"><img src="/api/secret.png"><img src="/media/../api/x.png">' +
        '<img src="//cdn.example/a.png"><img src="data:image/png;base64,AAAA"><img alt="no source">',
      OPTIONS,
    )
    expect(html).toBe(
      '<img src="/media/b1/chart.svg" alt="Chart" width="640" loading="lazy" decoding="async" />' +
        '<img src="https://cdn.example/photo.webp" alt="" loading="lazy" decoding="async" />',
    )
  })

  it('embeds only YouTube, always from youtube-nocookie.com with our own attributes', () => {
    const html = sanitizeArticleHtml(
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?autoplay=1" title="Roasting" allow="camera" sandbox="" style="x">fallback</iframe>' +
        '<iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe><iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' +
        '<iframe src="https://www.youtube-nocookie.com/embed/short"></iframe>',
      OPTIONS,
    )
    const frames = parse(html).elements
    expect(frames).toHaveLength(1)
    expect(frames[0].getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(frames[0].getAttribute('title')).toBe('Roasting')
    expect(frames[0].getAttribute('allow')).not.toContain('camera')
    expect(frames[0].hasAttribute('allowfullscreen')).toBe(true)
    expect(frames[0].textContent).toBe('')
  })

  it('replaces heading ids with slugs of their text and keeps table alignment only when valid', () => {
    expect(
      sanitizeArticleHtml(
        '<h2 id="evil id">Größe &amp; Röstgrad</h2><table><tr><td align="center">1</td><td align="evil">2</td></tr></table>',
        OPTIONS,
      ),
    ).toBe('<h2 id="grosse-rostgrad">Größe &amp; Röstgrad</h2><table><tr><td align="center">1</td><td>2</td></tr></table>')
  })

  it('refuses an invalid site URL', () => {
    expect(() => sanitizeArticleHtml('<p>x</p>', { siteUrl: 'not a url' })).toThrow()
  })
})

const ARTICLE = `# Kaffee rösten zu Hause

Fresh beans taste better. Read our [pricing](/pricing), the [guide](https://roastery.example/guide)
or the [SCA standards](https://sca.coffee/research "SCA").

## Equipment

- A popcorn maker
- A **thermometer**

## Equipment

1. Preheat
2. Roast

### Temperatures

| Stage | °C |
|:------|---:|
| Yellow | 150 |
| First crack | 196 |

> Roast in a ventilated room.

![Roast curve](/media/b1/roast-curve.svg "Roast curve") ![Beans](https://cdn.example/beans.webp)

\`\`\`
temp = 196
\`\`\`
`

describe('markdownToSafeHtml', () => {
  const html = markdownToSafeHtml(ARTICLE, OPTIONS)
  const { document } = parse(html)

  it('gives every heading a stable, ASCII, deduplicated id', () => {
    const headings = [...document.querySelectorAll('h1, h2, h3')].map((heading) => [heading.localName, heading.id, heading.textContent])
    expect(headings).toEqual([
      ['h1', 'kaffee-rosten-zu-hause', 'Kaffee rösten zu Hause'],
      ['h2', 'equipment', 'Equipment'],
      ['h2', 'equipment-2', 'Equipment'],
      ['h3', 'temperatures', 'Temperatures'],
    ])
    expect(markdownToSafeHtml(ARTICLE, OPTIONS)).toBe(html)
  })

  it('keeps lists, tables, quotes and code', () => {
    expect(document.querySelectorAll('ul > li')).toHaveLength(2)
    expect(document.querySelectorAll('ol > li')).toHaveLength(2)
    expect(document.querySelector('ul strong')?.textContent).toBe('thermometer')
    expect([...document.querySelectorAll('table thead th')].map((cell) => [cell.textContent, cell.getAttribute('align')])).toEqual([
      ['Stage', 'left'],
      ['°C', 'right'],
    ])
    expect(document.querySelectorAll('table tbody tr')).toHaveLength(2)
    expect(document.querySelector('blockquote p')?.textContent).toBe('Roast in a ventilated room.')
    expect(document.querySelector('pre code')?.textContent).toBe('temp = 196\n')
  })

  it('marks only links to other hosts as external', () => {
    const links = [...document.querySelectorAll('a')].map((link) => [
      link.getAttribute('href'),
      link.getAttribute('rel'),
      link.getAttribute('target'),
    ])
    expect(links).toEqual([
      ['/pricing', null, null],
      ['https://roastery.example/guide', null, null],
      ['https://sca.coffee/research', 'noopener noreferrer', '_blank'],
    ])
  })

  it('loads images lazily and asynchronously', () => {
    const images = [...document.querySelectorAll('img')].map((image) => [
      image.getAttribute('src'),
      image.getAttribute('alt'),
      image.getAttribute('loading'),
      image.getAttribute('decoding'),
    ])
    expect(images).toEqual([
      ['/media/b1/roast-curve.svg', 'Roast curve', 'lazy', 'async'],
      ['https://cdn.example/beans.webp', 'Beans', 'lazy', 'async'],
    ])
  })

  it('passes raw HTML in the Markdown through the same allow-list', () => {
    const withHtml = markdownToSafeHtml(
      'Text <u>under</u> <span onclick="x()">span</span>\n\n<div class="note">\n<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>\n</div>',
      OPTIONS,
    )
    expect(withHtml).toContain('<u>under</u> span')
    expect(withHtml).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"')
    expect(withHtml).not.toContain('class=')
  })

  it('does not depend on or change the shared marked configuration', () => {
    marked.setOptions({ gfm: false })
    try {
      expect(markdownToSafeHtml('| a |\n|---|\n| 1 |', OPTIONS)).toContain('<table>')
    } finally {
      marked.setOptions({ gfm: true })
    }
    markdownToSafeHtml('| a |\n|---|\n| 1 |', OPTIONS)
    expect(marked.defaults.gfm).toBe(true)
  })
})

describe('youtubeEmbedHtml', () => {
  it('builds a figure with a nocookie iframe and an escaped caption', () => {
    const html = youtubeEmbedHtml('dQw4w9WgXcQ', 'Roasting <"fast"> & even')
    expect(html).not.toBeNull()
    const { document, elements } = parse(html ?? '')
    expect(elements.map((element) => element.localName)).toEqual(['figure', 'iframe', 'figcaption'])
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(document.querySelector('iframe')?.getAttribute('title')).toBe('Roasting <"fast"> & even')
    expect(document.querySelector('figcaption')?.textContent).toBe('Roasting <"fast"> & even')
  })

  it('produces markup the sanitiser keeps unchanged', () => {
    const html = youtubeEmbedHtml('a_b-C0d1E2f', 'Video') ?? ''
    expect(sanitizeArticleHtml(html, OPTIONS)).toBe(html)
    expect(youtubeEmbedHtml('a_b-C0d1E2f', '  ')).not.toContain('figcaption')
  })

  it.each(['abc"onload=', 'dQw4w9WgXc', 'dQw4w9WgXcQQ', '', 'dQw4w9 WgXc', 'dQw4w9WgX/Q', '../../x/abc'])('rejects the id %j', (id) => {
    expect(youtubeEmbedHtml(id, 'Title')).toBeNull()
  })
})

describe('the read view’s demo video stand-in', () => {
  it('replaces the embed as an article carries it (Markdown through the sanitiser) and keeps the caption and the rest', () => {
    const embed = youtubeEmbedHtml('P81iDwpWnUk', 'How to brew') ?? ''
    const html = markdownToSafeHtml(`Before.\n\n${embed}\n\nAfter.`, OPTIONS)
    expect(html).toContain('youtube-nocookie.com/embed/P81iDwpWnUk')
    const shown = withDemoVideoStandIn(html)
    expect(shown).not.toContain('<iframe')
    expect(shown).toContain(`<div class="demo-video" data-testid="demo-video">${DEMO_VIDEO_TEXT}</div>`)
    expect(shown).toContain('<figcaption>How to brew</figcaption>')
    expect(shown.replace(/<figure>.*<\/figure>/s, '')).toBe(html.replace(/<figure>.*<\/figure>/s, ''))
  })

  it('leaves an article without an embed as it is, links to YouTube included', () => {
    const html = markdownToSafeHtml('Watch [the video](https://www.youtube.com/watch?v=P81iDwpWnUk).', OPTIONS)
    expect(withDemoVideoStandIn(html)).toBe(html)
  })
})

describe('jsonLdScript', () => {
  const data = {
    '@type': 'Article',
    headline: '</script><script>__xss(1)</script>',
    description: '<!-- & </SCRIPT > \u2028\u2029',
  }

  it('cannot be closed from inside a string and still parses back to the same data', () => {
    const html = jsonLdScript(data)
    const open = '<script type="application/ld+json">'
    expect(html.startsWith(open) && html.endsWith('</script>')).toBe(true)
    expect(html.slice(open.length, -'</script>'.length)).not.toMatch(/[<>&\u2028\u2029]/)
    const { elements } = parse(html)
    expect(elements).toHaveLength(1)
    expect(elements[0].getAttribute('type')).toBe('application/ld+json')
    expect(JSON.parse(elements[0].textContent ?? '')).toEqual(data)
  })

  it('refuses values that are not JSON', () => {
    expect(() => jsonLdScript(undefined)).toThrow(TypeError)
  })
})

describe('htmlToText', () => {
  it('decodes entities and puts each block on its own line', () => {
    expect(htmlToText('<h1>Tips &amp; tricks</h1><p>a&nbsp;b &lt;c&gt;<br>next</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Tips & tricks\na b <c>\nnext\none\ntwo',
    )
  })

  it('leaves out scripts, styles and the document head, and separates table cells', () => {
    const page =
      '<html><head><title>T</title><style>p{}</style></head><body><p>a<script>x()</script></p><table><tr><td>1</td><td>2</td></tr></table></body></html>'
    expect(htmlToText(page)).toBe('a\n1 2')
  })

  it('reads rendered Markdown', () => {
    expect(htmlToText(markdownToSafeHtml('# Hi\n\nSome *very* `<b>` text.', OPTIONS))).toBe('Hi\nSome very <b> text.')
  })
})

describe('headingSlug', () => {
  it.each([
    ['Kaffee rösten: Tipps & Tricks', 'kaffee-rosten-tipps-tricks'],
    ['Straße  und Œuvre', 'strasse-und-oeuvre'],
    ['  --Hello, World!--  ', 'hello-world'],
    ['日本語', 'section'],
    ['x'.repeat(100), 'x'.repeat(80)],
  ])('%j becomes %j', (text, slug) => {
    expect(headingSlug(text)).toBe(slug)
  })
})
