import { describe, expect, it } from 'vitest'
import { checkGrounding } from '~/server/articles/grounding'
import { checkQuotes } from '~/server/articles/quotes'
import {
  ARTICLE_SCHEMAS,
  ctaPrompt,
  ctaSchema,
  faqPrompt,
  faqSchema,
  metaPrompt,
  metaSchema,
  outlinePrompt,
  outlineSchema,
  sectionPrompt,
  sectionSchema,
  type ArticleBrief,
  type BriefPage,
  type Outline,
  type WriterProfile,
} from '~/server/articles/prompts'
import { parseArticleMaterial, writeArticlePart } from '~/server/demo-network/llm/article-writer'

// The writer reads only the user message: the builders' system instructions never reach it, as in
// the mock, and nothing it writes may come from them.

const roaster: WriterProfile = {
  name: 'Ember & Oak Roasters',
  url: 'https://emberandoak.example',
  description: 'Small-batch specialty coffee roaster in Leeds shipping freshly roasted beans across the UK.',
  valueProposition: 'Beans roasted to order and shipped within days of roasting.',
  services: ['Coffee subscriptions', 'Single-origin espresso beans', 'Brewing workshops'],
  audiences: ['home baristas', 'independent cafés'],
  language: 'English',
  tone: 'Friendly',
}

const coffeeResults: BriefPage[] = [
  {
    url: 'https://www.beanreview.example/best-espresso-beans',
    title: 'The 9 Best Coffee Beans for Espresso in 2024 | Bean Review',
    headings: [
      'The 9 best coffee beans for espresso',
      'How we tested',
      'Roast level: light, medium or dark?',
      'Why freshness matters',
      'Single origin vs blends',
      'Arabica vs robusta for espresso',
      'Conclusion',
      'Subscribe to our newsletter',
    ],
    text:
      'Choosing beans for espresso starts with the roast. Medium to dark roasts are the most forgiving, because they extract easily and give a heavy body. ' +
      'Freshness matters just as much: beans are at their best between 7 and 21 days after roasting. ' +
      'Single origin coffees can taste bright and fruity, while blends are built for balance and a thick crema. ' +
      'Robusta adds body and caffeine, and many Italian blends use 10 to 20% of it.',
  },
  {
    url: 'https://coffeeguide.example/espresso-beans-guide',
    title: 'How to Choose Espresso Beans: A Complete Guide - Coffee Guide',
    headings: [
      'How To Choose Coffee Beans For Espresso',
      'Understand Roast Levels',
      'Check The Roast Date',
      'Blends Or Single Origin?',
      'Grind Size And Dose',
      'Storing Your Beans',
      'Related Posts',
    ],
    text:
      'Good espresso beans are fresh, evenly roasted and suited to your grinder. Look for a roast date on the bag, not a best-before date. ' +
      'Beans need a few days to degas before they brew well. A finer grind slows the shot down and increases extraction. ' +
      'Store beans in an airtight container away from light and heat. A typical double shot uses 18 grams of ground coffee.',
  },
  {
    url: 'https://www.homebarista.example/espresso-roast-guide',
    title: 'Espresso Roast Guide for Home Baristas',
    headings: [
      'What makes a good espresso bean?',
      'Light vs dark roast for espresso',
      'Freshness and the roast date',
      'Storing coffee beans at home',
      'Dialling in your grinder',
      'Leave a comment',
    ],
    text:
      'Dark roasts produce low acidity and a syrupy body in espresso. Light roasts can taste sour when they are under-extracted. ' +
      'Most home baristas should buy beans in small bags they can finish within 2 weeks. ' +
      'Keep the bag sealed and avoid the fridge, because moisture ruins the flavour of roasted coffee. Dialling in takes patience: change one variable at a time.',
  },
  {
    url: 'https://www.roastforum.example/dark-roast-espresso',
    title: 'Dark Roast Espresso: Is It Better? | Roast Forum',
    headings: ['Dark roast and body', 'Dark roast and bitterness'],
    text:
      'A dark roast hides the origin of a coffee behind the flavours of the roast itself. ' +
      'Many Italian cafés pull their espresso from a dark roast for its heavy body. ' +
      'A dark roast can taste bitter when the water is too hot or the shot runs too long. ' +
      'Milk drinks often taste better with a dark roast, because its chocolate notes cut through the milk. ' +
      'A dark roast loses its aroma sooner than a lighter one, so buy it in small bags. ' +
      'Whether a dark roast is better comes down to taste: it trades brightness for body.',
  },
]

const coffeeSources: BriefPage[] = [
  {
    url: 'https://sca.example/brewing-guide',
    title: 'Espresso Brewing Guide',
    headings: ['Water temperature', 'Dose and yield'],
    text:
      'Espresso is brewed by forcing hot water through a compact bed of finely ground coffee. ' +
      'Brewing between 90 and 96 °C extracts the most flavour from a medium roast. ' +
      'A standard double shot uses 18 grams of coffee and yields about 36 grams of espresso in 25 to 30 seconds. ' +
      'Fresh beans release carbon dioxide for several days after roasting, which affects the crema. ' +
      'Dark roasts extract more easily, so they suit a slightly coarser grind. ' +
      'A shot that runs too fast tastes sour, and one that runs too slow tastes bitter and harsh. ' +
      'Arabica beans give espresso more sweetness and acidity, while robusta brings a heavier body and a thicker crema.',
  },
  {
    url: 'https://roastdata.example/freshness-study',
    title: 'How Long Do Coffee Beans Stay Fresh?',
    headings: ['Whole bean vs ground', 'Storage'],
    text:
      'Whole beans keep their peak flavour for roughly 2 to 4 weeks after the roast date. ' +
      'Ground coffee loses 60% of its aroma within 15 minutes of grinding. ' +
      'Storing beans in an airtight, opaque container slows staling considerably. ' +
      'Freezing beans in small portions can preserve their freshness for up to 3 months. ' +
      'A roast date printed on the bag says far more about freshness than any best-before date can.',
  },
]

/** A page that answers what people ask in plain words (no figures), for the FAQ. */
const faqSources: BriefPage[] = [
  ...coffeeSources,
  {
    url: 'https://brewbasics.example/espresso-faq',
    title: 'Espresso questions answered',
    headings: [],
    text:
      'Any coffee bean can be brewed as espresso, though beans roasted for espresso are easier to dial in. ' +
      'Regular supermarket beans often taste flat as espresso because they are rarely fresh. ' +
      'Espresso beans stay fresh for a few weeks after roasting as long as the bag stays sealed. ' +
      'An opened bag of espresso beans is best finished within a fortnight. ' +
      'Choose espresso beans by their roast date first and by their tasting notes second.',
  },
]

const coffeeBrief: ArticleBrief = {
  keyword: 'best coffee beans for espresso',
  profile: roaster,
  results: coffeeResults,
  questions: [
    'What coffee beans are best for espresso?',
    'Is dark roast better for espresso?',
    'How long do espresso beans stay fresh?',
    'Can you use regular coffee beans for espresso?',
  ],
}

const crm: WriterProfile = {
  name: 'Pipeline Pal',
  url: 'https://pipelinepal.example',
  description: 'CRM software that helps small sales teams track deals and follow up on time.',
  valueProposition: 'A simple CRM your team will actually use, set up in an afternoon.',
  services: ['Contact management', 'Sales pipeline tracking', 'Email follow-up reminders'],
  audiences: ['small business owners', 'sales teams'],
  language: 'English',
  tone: 'Professional',
}

const crmBrief: ArticleBrief = {
  keyword: 'crm for small business',
  profile: crm,
  results: [
    {
      url: 'https://www.softwarepicks.example/crm-small-business',
      title: 'The 7 Best CRM Tools for Small Business | Software Picks',
      headings: [
        'What is a CRM?',
        'Key features to look for in a CRM',
        'How much does a CRM cost?',
        'CRM integrations that matter',
        'Our verdict',
      ],
      text:
        'A CRM keeps every customer conversation, deal and task in one place. Small teams should look for contact management, a visual pipeline and email integration. ' +
        'Most small business plans cost between 12 and 65 dollars per user each month. Integrations with email and calendars save the most time.',
    },
    {
      url: 'https://salesblog.example/choosing-a-crm',
      title: 'How to Choose a CRM for Your Small Business',
      headings: [
        'Why small businesses need a CRM',
        'Features small teams actually use',
        'Pricing and hidden costs',
        'Getting your team to adopt it',
      ],
      text:
        'Spreadsheets break down once several people share the same customer list. Adoption is the biggest risk, because a CRM nobody updates is worthless. ' +
        'Start with a short trial and import a real customer list. Hidden costs often come from add-ons and onboarding fees.',
    },
  ],
  questions: ['What is the easiest CRM for a small business?', 'Is a CRM worth it for a small business?'],
}

const write = (schemaName: string, prompt: string) => writeArticlePart(schemaName, prompt)
const outlineOf = (brief: ArticleBrief): Outline => outlineSchema.parse(write(ARTICLE_SCHEMAS.outline, outlinePrompt(brief).prompt))

function sectionsOf(brief: ArticleBrief, sources: BriefPage[]) {
  const outline = outlineOf(brief)
  return outline.sections.map(({ heading, points }) => {
    const { prompt } = sectionPrompt({
      keyword: brief.keyword,
      profile: brief.profile,
      title: outline.title,
      heading,
      points,
      otherHeadings: outline.sections.map((other) => other.heading).filter((other) => other !== heading),
      sources,
    })
    return { heading, blocks: sectionSchema.parse(write(ARTICLE_SCHEMAS.section, prompt)).blocks }
  })
}

/** Sentences of a Markdown block: list items one by one, a citation kept with the sentence before it. */
const sentencesOf = (block: string) =>
  block
    .split('\n')
    .map((line) => line.replace(/^- /, ''))
    .flatMap((line) => line.split(/(?<=[.!?:])\s+(?=[A-Z])/))

const INSTRUCTION_WORDS = /\b(?:seo|section|sections|plan|write|markdown|keyword|instructions?)\b/i

describe('writeArticlePart: the outline', () => {
  const outline = outlineOf(coffeeBrief)

  it('titles the article with the keyword and plans five to eight sections, mostly h2, with h3s under an h2', () => {
    expect(outline.title.toLowerCase()).toContain('best coffee beans for espresso')
    expect(outline.sections.length).toBeGreaterThanOrEqual(5)
    expect(outline.sections.length).toBeLessThanOrEqual(8)
    const h3s = outline.sections.filter((section) => section.level === 'h3')
    expect(h3s.length).toBeGreaterThanOrEqual(1)
    expect(h3s.length).toBeLessThanOrEqual(3)
    expect(outline.sections[0].level).toBe('h2')
    for (const section of outline.sections) {
      expect(section.points.length).toBeLessThanOrEqual(4)
      // Points come from the results: never a generic one that would read the same in any article.
      for (const point of section.points)
        expect(point).not.toMatch(
          /^(?:what it depends on|how to decide|what to look for first|common mistakes to avoid|the steps in order)/i,
        )
    }
  })

  it('takes headings from the results and the questions people ask, never from the instructions or the chrome', () => {
    const headings = outline.sections.map((section) => section.heading)
    const text = [outline.title, ...headings, ...outline.sections.flatMap((section) => section.points)].join('\n')
    expect(text).not.toMatch(INSTRUCTION_WORDS)
    expect(text).not.toMatch(/Ember|Oak|Bean Review|Coffee Guide|newsletter|how we tested|comment|conclusion/i)
    const materialWords = new Set(
      [...coffeeResults.flatMap((page) => page.headings), ...coffeeBrief.questions]
        .join(' ')
        .toLowerCase()
        .match(/[a-z]{4,}/g),
    )
    for (const heading of headings.slice(0, -1))
      expect(
        heading
          .toLowerCase()
          .match(/[a-z]{4,}/g)!
          .some((word) => materialWords.has(word)),
        heading,
      ).toBe(true)
    expect(headings.some((heading) => /roast/i.test(heading))).toBe(true)
    expect(headings.some((heading) => coffeeBrief.questions.includes(heading))).toBe(true)
    // Title Case from the results is sentence case here, and the same subject appears once.
    expect(headings).not.toContain('How To Choose Coffee Beans For Espresso')
    const roastDate = headings.filter((heading) => /roast date/i.test(heading))
    expect(roastDate.length).toBeLessThanOrEqual(1)
  })

  it('is deterministic, and another keyword gets another outline', () => {
    expect(outlineOf(coffeeBrief)).toEqual(outline)
    const other = outlineOf({ ...coffeeBrief, keyword: 'how to store coffee beans' })
    expect(other.title.toLowerCase()).toContain('how to store coffee beans')
    expect(other).not.toEqual(outline)
  })

  it('falls back to headings about the keyword when the results carry none', () => {
    const bare = outlineOf({ ...coffeeBrief, results: [], questions: [] })
    expect(bare.sections.length).toBeGreaterThanOrEqual(5)
    expect(bare.sections.map((section) => section.heading).join(' ')).toMatch(/coffee beans for espresso/i)
  })
})

describe('writeArticlePart: a section', () => {
  const sections = sectionsOf(coffeeBrief, coffeeSources)

  it('never tells the same sentence in two sections of one article', () => {
    const told = sections.flatMap(({ blocks }) => blocks.filter((b) => !b.startsWith('- ')).flatMap(sentencesOf))
    const repeated = told.filter((sentence, index) => told.indexOf(sentence) !== index)
    expect(repeated).toEqual([])
    expect(told.length).toBeGreaterThan(10)
  })

  it('writes one to four blocks of plain, grammatical prose about its heading', () => {
    for (const { blocks } of sections) {
      expect(blocks.length).toBeGreaterThanOrEqual(1)
      expect(blocks.length).toBeLessThanOrEqual(4)
      for (const block of blocks.filter((b) => !b.startsWith('- '))) {
        expect(sentencesOf(block).length).toBeGreaterThanOrEqual(1)
        expect(sentencesOf(block).length).toBeLessThanOrEqual(4)
      }
      expect(blocks.join('\n')).not.toMatch(INSTRUCTION_WORDS)
      expect(blocks.join('\n')).not.toMatch(/\s[,.]|\.\.|undefined|\[object/)
    }
  })

  it('states a number only in a sentence that ends with a link to a source whose text has it; no other digits', () => {
    let cited = 0
    for (const { blocks } of sections)
      for (const sentence of blocks.flatMap(sentencesOf)) {
        const link = /\(\[([^\]]+)\]\((https:[^)]+)\)\)\.$/.exec(sentence)
        const claim = link ? sentence.slice(0, link.index) : sentence
        if (!link) {
          expect(sentence).not.toMatch(/\d/)
          continue
        }
        cited++
        const source = coffeeSources.find((page) => page.url === link[2])
        // Named by its site, short, so citing one page twice repeats no passage.
        expect(new URL(source!.url).hostname.replace(/^www\./, '')).toBe(link[1])
        for (const number of claim.match(/\d+(?:[.,:]\d+)*%?/g) ?? []) expect(source!.text).toContain(number)
      }
    expect(cited).toBeGreaterThan(0)
  })

  it('passes the article grounding check', () => {
    const markdown = sections.flatMap(({ heading, blocks }) => [`## ${heading}`, ...blocks]).join('\n\n')
    const report = checkGrounding({ markdown, sources: coffeeSources, trusted: [coffeeBrief.keyword] })
    expect(report.claims.length).toBeGreaterThan(0)
    expect(report.ungrounded).toEqual([])
  })

  it('quotes a source word for word, with the source linked, in some sections but not all; the quote check finds each', () => {
    const markdown = sections.flatMap(({ heading, blocks }) => [`## ${heading}`, ...blocks]).join('\n\n')
    const report = checkQuotes({ markdown, sources: coffeeSources })
    expect(report.checked.length).toBeGreaterThan(0)
    expect(report.checked.length).toBeLessThan(sections.length)
    expect(report.missing).toEqual([])
    for (const finding of report.checked) expect(finding.sentence).toContain(`](${finding.found!.url}))`)
  })

  it('mentions the business sparingly: at most once in a section, and in no more than half of them', () => {
    const mentions = sections.map(
      ({ blocks }) =>
        blocks
          .flatMap(sentencesOf)
          .filter((sentence) => /Ember & Oak|home baristas|independent cafés|subscriptions|roasted to order/i.test(sentence)).length,
    )
    expect(Math.max(...mentions)).toBeLessThanOrEqual(1)
    expect(mentions.filter(Boolean).length).toBeGreaterThan(0)
    expect(mentions.filter(Boolean).length).toBeLessThanOrEqual(sections.length / 2)
  })

  it('writes without numbers when no source gives one', () => {
    const plain = sectionsOf(coffeeBrief, [])
    expect(plain.flatMap((section) => section.blocks).join('\n')).not.toMatch(/\d|\]\(/)
  })
})

describe('writeArticlePart: FAQ, meta and call to action', () => {
  const article = sectionsOf(coffeeBrief, coffeeSources)
    .flatMap(({ heading, blocks }) => [`## ${heading}`, ...blocks])
    .join('\n\n')

  it('answers three to six questions people ask from the article, with no number the article lacks', () => {
    const { prompt } = faqPrompt({
      keyword: coffeeBrief.keyword,
      profile: roaster,
      questions: coffeeBrief.questions,
      article,
      sources: faqSources,
    })
    const { questions } = faqSchema.parse(write(ARTICLE_SCHEMAS.faq, prompt))
    expect(questions.length).toBeGreaterThanOrEqual(3)
    expect(questions.length).toBeLessThanOrEqual(6)
    // The questions people ask, in their order, each answered from the article or a source page
    // ("regular coffee beans" only by the FAQ page: without it, the question is left out).
    expect(questions.map((entry) => entry.question)).toEqual(coffeeBrief.questions)
    expect(questions[3]!.answer).toMatch(/Regular supermarket beans/)
    const withoutFaqPage = faqPrompt({
      keyword: coffeeBrief.keyword,
      profile: roaster,
      questions: coffeeBrief.questions,
      article,
      sources: coffeeSources,
    })
    expect(faqSchema.parse(write(ARTICLE_SCHEMAS.faq, withoutFaqPage.prompt)).questions.map((entry) => entry.question)).not.toContain(
      coffeeBrief.questions[3],
    )
    // No sentence answers two questions.
    const told = questions.flatMap((entry) => entry.answer.split(/(?<=[.!?])\s+(?=[A-Z])/))
    expect(new Set(told).size).toBe(told.length)
    for (const { question, answer } of questions) {
      expect(question).toMatch(/\?$/)
      const sentences = answer.split(/(?<=[.!?])\s+(?=[A-Z])/)
      expect(sentences.length).toBeGreaterThanOrEqual(1)
      expect(sentences.length).toBeLessThanOrEqual(3)
      for (const number of answer.match(/\d+/g) ?? []) expect(article).toContain(number)
      expect(answer).not.toMatch(/##|\]\(|^- /)
    }
    expect(new Set(questions.map((entry) => entry.answer)).size).toBe(questions.length)
    // Answers come from the article and its sources without telling the article's sentences twice:
    // the dark-roast question is answered about roasts.
    const darkRoast = questions.find((entry) => entry.question.startsWith('Is dark roast'))!.answer
    expect(darkRoast).toMatch(/roast/i)
    for (const sentence of darkRoast.split(/(?<=\.)\s+/)) expect(article).not.toContain(sentence)
  })

  it('asks questions about the keyword when too few are given, each answered from the material, never with general advice', () => {
    const { prompt } = faqPrompt({
      keyword: coffeeBrief.keyword,
      profile: roaster,
      questions: ['Is dark roast better for espresso?'],
      article,
      sources: faqSources,
    })
    const { questions } = faqSchema.parse(write(ARTICLE_SCHEMAS.faq, prompt))
    // "What should I look for in …?" is answered by nothing in the material, so it is not asked.
    expect(questions.map((entry) => entry.question)).toEqual([
      'Is dark roast better for espresso?',
      'How do I choose coffee beans for espresso?',
    ])
    expect(questions[1]!.answer).toBe('Choose espresso beans by their roast date first and by their tasting notes second.')
  })

  it('asks different questions about a long keyword when people ask none, leaving out those nothing answers', () => {
    const keyword = 'single-origin coffee beans for beginners'
    const asked = (sources: BriefPage[]) =>
      faqSchema.parse(write(ARTICLE_SCHEMAS.faq, faqPrompt({ keyword, profile: roaster, questions: [], article, sources }).prompt))
        .questions
    const questions = asked(faqSources)
    expect(questions.map((entry) => entry.question)).toEqual([
      'What are single-origin coffee beans for beginners?',
      'How do I choose the right single-origin coffee beans for beginners?',
    ])
    for (const { answer } of questions) expect(answer.length).toBeGreaterThan(40)
    // With nothing to answer from, no FAQ rather than one of general advice.
    expect(asked([])).toEqual([])
  })

  it('title-cases each part of a hyphenated word', () => {
    const meta = metaSchema.parse(
      write(
        ARTICLE_SCHEMAS.meta,
        metaPrompt({ keyword: 'single-origin coffee beans', profile: roaster, title: 'A guide', introduction: article.split('\n\n')[1] })
          .prompt,
      ),
    )
    expect(meta.metaTitle).toMatch(/^Single-Origin Coffee Beans\b/)
  })

  it('writes a meta title of at most 60 characters led by the keyword and a 120–160 character description', () => {
    const outline = outlineOf(coffeeBrief)
    const introduction = article.split('\n\n')[1]
    const meta = metaSchema.parse(
      write(
        ARTICLE_SCHEMAS.meta,
        metaPrompt({ keyword: coffeeBrief.keyword, profile: roaster, title: outline.title, introduction }).prompt,
      ),
    )
    expect(meta.metaTitle.length).toBeLessThanOrEqual(60)
    expect(meta.metaTitle.toLowerCase().indexOf('best coffee beans for espresso')).toBe(0)
    expect(meta.metaTitle).toMatch(/^Best Coffee Beans for Espresso/)
    expect(meta.metaDescription.length).toBeGreaterThanOrEqual(120)
    expect(meta.metaDescription.length).toBeLessThanOrEqual(160)
    expect(meta.metaDescription.toLowerCase()).toContain('best coffee beans for espresso')
    expect(meta.metaDescription).toMatch(/[.!?]$/)
  })

  it('keeps a long keyword whole-worded in the meta title', () => {
    const keyword = 'how to choose the right espresso machine for a small kitchen counter'
    const meta = metaSchema.parse(
      write(ARTICLE_SCHEMAS.meta, metaPrompt({ keyword, profile: roaster, title: `${keyword} guide`, introduction: '' }).prompt),
    )
    expect(meta.metaTitle.length).toBeLessThanOrEqual(60)
    expect(keyword).toContain(meta.metaTitle.toLowerCase())
    expect(meta.metaDescription.length).toBeLessThanOrEqual(160)
  })

  it('ends with a call to action from the value proposition, the description and the services', () => {
    const cta = ctaSchema.parse(
      write(ARTICLE_SCHEMAS.cta, ctaPrompt({ keyword: coffeeBrief.keyword, profile: roaster, title: 'T' }).prompt),
    )
    expect(cta.heading).toMatch(/coffee beans for espresso\?$/)
    // The offer, what the business does in its own description's words, the invitation.
    expect(cta.text.split(/(?<=\.)\s+/)).toHaveLength(3)
    expect(cta.text).toContain(roaster.description.split('. ')[0]!.replace(/\.$/, ''))
    expect(cta.text).toContain('Ember & Oak Roasters')
    expect(cta.text).toContain('roasted to order')
    expect(cta.text).toContain('coffee subscriptions')
    expect(cta.buttonLabel).toBe('Start a subscription')
    expect(cta.buttonLabel.split(' ').length).toBeLessThanOrEqual(4)
  })
})

describe('writeArticlePart: any business, any schema', () => {
  it('writes a software business’s article in its own terms', () => {
    const outline = outlineOf(crmBrief)
    expect(outline.title.toLowerCase()).toContain('crm for small business')
    expect(outline.title).toContain('CRM')
    const sections = sectionsOf(crmBrief, [])
    const text = [outline.title, ...outline.sections.map((s) => s.heading), ...sections.flatMap((s) => s.blocks)].join('\n')
    expect(text).not.toMatch(/coffee|espresso|roast|bean/i)
    expect(text).not.toMatch(/\d/)
    expect(outline.sections.map((s) => s.heading).join(' ')).toMatch(/features|pricing|integrations|adopt/i)
    const cta = ctaSchema.parse(
      write(ARTICLE_SCHEMAS.cta, ctaPrompt({ keyword: crmBrief.keyword, profile: crm, title: outline.title }).prompt),
    )
    expect(cta.text).toContain('Pipeline Pal')
    expect(cta.buttonLabel).toBe('Start a free trial')
  })

  it('answers undefined for a schema that is not an article part', () => {
    expect(writeArticlePart('business_profile', outlinePrompt(coffeeBrief).prompt)).toBeUndefined()
    expect(writeArticlePart('toString', '')).toBeUndefined()
  })

  it('reads labels, lists and pages, and skips free instruction sentences', () => {
    const material = parseArticleMaterial(
      'Write an SEO article.\nKeyword: cold brew\n\nPeople also ask:\n- Is cold brew strong?\n\nPage: https://a.example/x (source 1)\nTitle: A\nHeadings:\n- One\nText: Body.',
    )
    expect(material.fields.get('keyword')).toBe('cold brew')
    expect(material.lists.get('people also ask')).toEqual(['Is cold brew strong?'])
    expect(material.pages).toEqual([{ url: 'https://a.example/x', role: 'source 1', title: 'A', headings: ['One'], text: 'Body.' }])
    expect([...material.fields.values()].join(' ')).not.toContain('SEO')
  })
})
