import { z } from 'zod'
import { ARTICLE_TYPES } from '~/shared/articles/article-types'
import { JOB_RUN_STATES } from '~/server/db/schema/jobs'
import { ARTICLE_STATUSES } from '~/shared/articles/article'
import { SEO_CHECK_IDS } from '~/shared/articles/seo-score'
import { CONNECTOR_TYPES, PUBLICATION_STATUSES, WEBHOOK_EVENTS } from '~/shared/integrations'
import { KEYWORD_STATUSES, SEARCH_INTENTS } from '~/shared/keywords'
import { RESEARCH_STAGE_IDS } from '~/shared/research'

/**
 * What each API operation answers: the fields of the app's own answers that the API documents.
 * Each schema is the exposed procedure's output schema (src/server/api/expose.ts), so the answer
 * is checked against it and the OpenAPI document is generated from it; expose() refuses at compile
 * time a schema the procedure's answer does not fit. Fields not listed here are left out of the
 * API's answers. Dates are ISO 8601 strings.
 */

const at = (description: string) => z.date().describe(description)
const nullableAt = (description: string) => z.date().nullable().describe(description)
const day = z.string().describe('A day, YYYY-MM-DD.')

const jobStarted = z
  .object({ jobId: z.string().describe('The background job: follow it with GET /jobs/{id}.') })
  .describe('The job was queued.')

const liveCheckOutput = z
  .object({
    checkedAt: z.string().describe('When the live address was checked (ISO 8601).'),
    url: z.string().describe('The address requested.'),
    revision: z.number().describe('The article version the site held then.'),
    live: z.boolean().describe('Whether the page answered 2xx with HTML.'),
    pageStatus: z.number().nullable().describe('Its HTTP status; null when it did not answer or its address was refused.'),
    pageError: z.string().nullable().describe('Why it is not live, when it is not.'),
    imagesTotal: z.number().describe('Distinct image addresses on the page.'),
    imagesChecked: z.number().describe('How many were requested (at most 40, within a minute).'),
    imagesLoaded: z.number().describe('How many answered 2xx with an image.'),
    broken: z
      .array(
        z.object({
          url: z.string(),
          status: z.number().nullable().describe('Its HTTP status; null when it did not answer.'),
          reason: z.string().describe('e.g. HTTP 404 (Not Found), not an image (text/html).'),
        }),
      )
      .describe('The images that do not load, in page order.'),
  })
  .nullable()
  .describe(
    'What a reader sees at `url`: after each publish or update the page is requested once and every image on it too. Null until checked (and for Notion).',
  )

export const jobOutput = z.object({
  id: z.string(),
  kind: z.string().describe('What the job does, e.g. research.run, article.generate, article.publish.'),
  state: z.enum(JOB_RUN_STATES),
  step: z.string().nullable().describe('The step running now.'),
  done: z.number().describe('Units of work done so far.'),
  total: z.number().nullable().describe('Units of work in all, when known.'),
  message: z.string().nullable(),
  error: z.string().nullable().describe('Why it failed, when it did.'),
  attempts: z.number(),
  createdAt: at('When it was queued.'),
  startedAt: nullableAt('When it started.'),
  finishedAt: nullableAt('When it completed, failed or was cancelled.'),
  updatedAt: at('Last change.'),
})

const businessFields = {
  id: z.string(),
  name: z.string().nullable(),
  url: z.string().describe('The website.'),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  targetAudiences: z.array(z.string()),
  keywordRegion: z.string().describe('The country keyword data is measured in, e.g. US.'),
  language: z.string().describe('The language articles are written in.'),
  tone: z.string(),
  autoPublish: z.boolean().describe('Whether approved articles are published on their day without review.'),
  gscConnected: z.boolean().describe('Whether a Search Console property is linked.'),
  createdAt: at('When the business was added.'),
  updatedAt: at('Last change.'),
}

export const businessOutput = z.object(businessFields)

export const businessListOutput = z.array(
  z.object({
    ...businessFields,
    isCurrent: z.boolean().describe('The business the app works on (the selected one, else the oldest).'),
    competitors: z.array(z.object({ id: z.string(), url: z.string(), name: z.string().nullable() })),
  }),
)

const pageFields = {
  total: z.number().describe('Rows matching the filters, on every page.'),
  page: z.number(),
  perPage: z.number(),
  pageCount: z.number(),
}

export const keywordPageOutput = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      keyword: z.string(),
      searchIntent: z.enum(['', ...SEARCH_INTENTS]).nullable(),
      searchVolume: z.number().nullable().describe('Monthly searches.'),
      difficulty: z.number().nullable().describe('0–100.'),
      priority: z.number().nullable().describe('0–100: high from 80, medium from 40.'),
      status: z.enum(KEYWORD_STATUSES),
      source: z.string().nullable().describe('Where it came from: seeds, competitor, search_console, manual, …'),
      scheduledAt: nullableAt('The day its article is planned for.'),
      createdAt: at('When it was added.'),
      clusterLabel: z.string().nullable().describe('Its topic.'),
    }),
  ),
  ...pageFields,
})

export const keywordsAddedOutput = z.object({
  added: z.array(
    z.object({
      id: z.string(),
      keyword: z.string(),
      scheduledAt: at('The day its article is planned for.'),
      cluster: z.string().describe('The topic it was put in.'),
    }),
  ),
  skipped: z.array(z.object({ keyword: z.string(), reason: z.string().describe('Why it was not added.') })),
})

const score = z.number().nullable()
export const keywordExplanationOutput = z.object({
  keyword: z.object({
    id: z.string(),
    keyword: z.string(),
    status: z.enum(KEYWORD_STATUSES),
    scheduledAt: nullableAt('The day its article is planned for.'),
    source: z.string().nullable(),
  }),
  source: z
    .object({
      kind: z.string(),
      seed: z.string().nullable(),
      originalText: z.string().nullable(),
      competitorId: z.string().nullable(),
      competitorRank: z.number().nullable(),
      competitorUrl: z.string().nullable(),
    })
    .nullable()
    .describe('Where the keyword came from.'),
  articleType: z
    .object({
      type: z.enum(ARTICLE_TYPES),
      label: z.string(),
      description: z.string(),
      reason: z.string().describe('Why this type, in a sentence.'),
      chosenByUser: z.boolean(),
      changeable: z.boolean().describe('False once its article is written: the article keeps its type.'),
    })
    .describe('The type its article is written as.'),
  path: z.array(z.object({ stage: z.string(), text: z.string() })).describe('The research stages it went through, in order.'),
  metrics: z.object({
    searchVolume: z.number().nullable(),
    difficulty: z.number().nullable(),
    cpc: z.number().nullable(),
    competition: z.number().nullable(),
    intent: z.string().nullable(),
    trend: z.array(z.object({ year: z.number(), month: z.number(), searchVolume: z.number().nullable() })),
  }),
  scores: z
    .object({
      relevance: score,
      opportunity: score,
      trend: score,
      final: z.number(),
      weights: z.record(z.string(), z.number()),
      formula: z.record(z.string(), z.string()).describe('How each score is computed, in words.'),
    })
    .nullable(),
  cluster: z.object({ id: z.string(), label: z.string(), pillarKeyword: z.string().nullable(), isPillar: z.boolean() }).nullable(),
  merged: z
    .array(z.object({ keyword: z.string(), similarity: z.number(), reason: z.string() }))
    .describe('Near-duplicates merged into this keyword.'),
})

export const researchStartedOutput = jobStarted

export const researchStatusOutput = z
  .object({
    jobId: z.string(),
    trigger: z.string().describe('manual, onboarding or monthly.'),
    month: z.string().describe('The month planned, YYYY-MM.'),
    state: z.enum(JOB_RUN_STATES),
    stage: z.string().nullable().describe('The stage running now.'),
    completedStages: z.array(z.string()),
    stages: z.array(z.object({ id: z.enum(RESEARCH_STAGE_IDS), label: z.string(), done: z.boolean(), count: z.number().nullable() })),
    done: z.number(),
    total: z.number().nullable(),
    message: z.string().nullable(),
    error: z.string().nullable(),
    counts: z.record(z.string(), z.number()).describe('What each stage produced.'),
    cost: z.number().describe('Estimated provider cost, US dollars.'),
    paidCalls: z.number(),
    cacheHits: z.number(),
    createdAt: at('When the run started.'),
    finishedAt: nullableAt('When it ended.'),
  })
  .nullable()
  .describe('The latest run, or null when research never ran.')

export const clusterListOutput = z.array(
  z.object({
    id: z.string(),
    label: z.string(),
    description: z.string().nullable(),
    pillarKeywordId: z.string().nullable(),
    pillarKeyword: z.string().nullable(),
    keywordIds: z.array(z.string()),
    keywords: z.array(
      z.object({
        id: z.string(),
        keyword: z.string(),
        isPillar: z.boolean(),
        searchVolume: z.number().nullable(),
        difficulty: z.number().nullable(),
        status: z.enum(KEYWORD_STATUSES),
        scheduledAt: nullableAt('The day its article is planned for.'),
      }),
    ),
    totalVolume: z.number(),
    avgDifficulty: z.number().nullable(),
    finalScore: z.number().nullable(),
    series: z
      .object({
        title: z.string(),
        pillarTitle: z.string().nullable(),
        estimatedArticles: z.number().nullable(),
        estimatedCompletionWeeks: z.number().nullable(),
        startDate: nullableAt('First article.'),
        targetDate: nullableAt('Last article.'),
      })
      .nullable()
      .describe('The content series planned for the topic.'),
  }),
)

export const articlePageOutput = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      slug: z.string(),
      keyword: z.string(),
      keywordId: z.string().nullable(),
      status: z.enum(ARTICLE_STATUSES),
      seoScore: z.number().describe('0–100.'),
      wordCount: z.number(),
      scheduledAt: nullableAt('Its publishing day.'),
      publishedAt: nullableAt('When it was first published.'),
      updatedAt: at('Last change.'),
    }),
  ),
  ...pageFields,
})

const seoCheck = z.object({
  id: z.enum(SEO_CHECK_IDS as [string, ...string[]]),
  label: z.string(),
  passed: z.boolean(),
  points: z.number(),
  maxPoints: z.number(),
  detail: z.string(),
  hint: z.string().nullable().describe('How to fix it.'),
})

export const articleOutput = z.object({
  id: z.string(),
  businessId: z.string(),
  keywordId: z.string().nullable(),
  keyword: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  type: z
    .enum(ARTICLE_TYPES)
    .describe(
      'Its article type: guide, how-to (numbered steps), listicle (numbered items), comparison (a table and a verdict), review, question-answer.',
    ),
  typeReason: z.string().nullable().describe('Why that type: the keyword’s wording, its intent or its search results (null before types).'),
  title: z.string(),
  slug: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
  outline: z.array(z.object({ heading: z.string(), level: z.enum(['h2', 'h3']) })),
  markdown: z.string(),
  html: z.string(),
  images: z.array(
    z.object({
      url: z.string(),
      alt: z.string(),
      prompt: z.string(),
      kind: z.enum(['featured', 'inline', 'infographic']),
      width: z.number(),
      height: z.number(),
    }),
  ),
  video: z.object({ id: z.string(), title: z.string(), channel: z.string() }).nullable().describe('The YouTube video embedded.'),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  jsonLd: z.array(z.record(z.string(), z.unknown())).describe('Structured data (schema.org) blocks.'),
  citations: z.array(z.object({ url: z.string(), title: z.string(), passage: z.string(), fetchedAt: z.string() })),
  factCheck: z
    .object({
      numbers: z.object({ checked: z.number(), removed: z.number() }).describe('Sentences stating a number, and those removed.'),
      quotes: z.object({
        checked: z.number(),
        found: z.array(z.object({ quote: z.string(), url: z.string(), title: z.string() })),
        removed: z.array(z.object({ quote: z.string(), reason: z.string() })),
      }),
      proofreading: z.array(z.object({ rule: z.string(), before: z.string(), after: z.string() })),
      unknownWords: z
        .array(z.string())
        .optional()
        .describe('Words the spelling check did not know and left as written (possible misspellings, a few at most).'),
    })
    .nullable()
    .describe(
      'The checks after writing: numbers and quotations against the pages they cite, and proofreading (null before they were recorded).',
    ),
  internalLinks: z.array(z.object({ url: z.string(), anchor: z.string(), kind: z.enum(['article', 'sitemap', 'best']) })),
  wordCount: z.number(),
  targetWords: z
    .number()
    .nullable()
    .describe(
      'The length it was written to: the median word count of the top results, within the business’s minimum and maximum (null: written before targets).',
    ),
  serpMedianWords: z.number().nullable().describe('The median word count of the top results read for it (null: none could be read).'),
  seoScore: z.number().describe('0–100.'),
  seoChecks: z.array(seoCheck),
  failingChecks: z.array(seoCheck).describe('The checks that did not pass, with hints.'),
  versions: z.array(z.object({ id: z.string(), version: z.number(), reason: z.string(), seoScore: z.number(), createdAt: at('Kept at.') })),
  publications: z
    .array(
      z.object({
        id: z.string(),
        type: z.enum(CONNECTOR_TYPES).describe('The integration it was sent to (see integrations.list).'),
        status: z.enum(PUBLICATION_STATUSES).describe('pending (being sent), published, failed (see lastError) or unpublished.'),
        url: z.string().nullable().describe('Its live address on that site, once the site gave one.'),
        externalId: z.string().nullable().describe('The post’s id on that site.'),
        upToDate: z.boolean().describe('Whether the site holds the article’s current version.'),
        lastSyncedAt: nullableAt('When the site last took it (published, updated or taken down).'),
        lastError: z.string().nullable().describe('Why the site refused it, when it did.'),
        liveCheck: liveCheckOutput,
      }),
    )
    .describe('Where it was published: one entry per site it was sent to (the JSON feed has none).'),
  version: z.number(),
  scheduledAt: nullableAt('Its publishing day.'),
  approvedAt: nullableAt('When it was approved.'),
  publishedAt: nullableAt('When it was first published.'),
  createdAt: at('When it was written.'),
  updatedAt: at('Last change.'),
})

export const articleGenerationOutput = jobStarted
export const articlePublishOutput = jobStarted.extend({
  skipped: z
    .array(z.string())
    .describe(
      'The integrations passed over because their connection is Broken, by name (e.g. "WordPress"): reconnect them on Integrations.',
    ),
  note: z.string().nullable().describe('The skipped integrations as a sentence; null when none was skipped.'),
})

export const integrationListOutput = z.object({
  integrations: z.array(
    z.object({
      id: z.string(),
      type: z.enum(CONNECTOR_TYPES),
      enabled: z.boolean(),
      status: z.enum(['untested', 'working', 'broken']),
      lastError: z.string().nullable(),
      lastCheckedAt: nullableAt('Last test or publication.'),
      config: z.record(z.string(), z.string()).describe('The connector’s settings.'),
      secrets: z.record(z.string(), z.string()).describe('Which secrets are stored, masked.'),
      publishedCount: z.number().describe('Articles published through it.'),
      failedDelivery: z
        .object({
          event: z.enum(WEBHOOK_EVENTS),
          failedAt: at('When its last attempt failed.'),
          error: z.string().describe('Why, e.g. the endpoint’s HTTP status or the network error.'),
          attempts: z.number(),
        })
        .nullable()
        .describe('The webhook’s latest event delivery, when it failed; null once a later one is delivered, and for other connectors.'),
    }),
  ),
  feed: z.object({ enabled: z.boolean(), token: z.string() }).nullable().describe('The JSON feed of published articles.'),
  searchConsole: z
    .object({
      needsReconnect: z.boolean(),
      siteUrl: z.string(),
      lastSyncAt: nullableAt('Last sync.'),
      syncStatus: z.enum(['working', 'syncing', 'reconnect']),
      lastError: z.string().nullable(),
    })
    .nullable(),
})

const metrics = { clicks: z.number(), impressions: z.number(), ctr: z.number().describe('0–1.'), position: z.number().nullable() }
const range = z.object({ from: day, to: day })

export const performanceOutput = z.object({
  connection: z
    .object({
      needsReconnect: z.boolean(),
      siteUrl: z.string(),
      syncStatus: z.enum(['working', 'syncing', 'reconnect']),
      lastError: z.string().nullable(),
      lastSyncAt: nullableAt('Last sync.'),
      syncedThrough: z.string().nullable().describe('The last day synced, YYYY-MM-DD.'),
      syncJobId: z.string().nullable().describe('The sync job running now (see jobs.get), if any.'),
    })
    .nullable()
    .describe('The Search Console link; null when none.'),
  pages: z.array(z.string()).nullable().describe('The pages measured; null for the whole site.'),
  range,
  previousRange: range,
  series: z.array(z.object({ date: day, ...metrics })).describe('One entry per day.'),
  previousSeries: z.array(z.object({ date: day, ...metrics })),
  totals: z.object(metrics),
  previousTotals: z.object(metrics),
  change: z
    .object({
      clicks: z.number().nullable(),
      impressions: z.number().nullable(),
      ctr: z.number().nullable(),
      position: z.number().nullable(),
    })
    .describe('Against the previous period.'),
})

export const performanceTopOutput = z.object({
  items: z.array(z.object({ key: z.string().describe('The query or the page.'), ...metrics })),
  total: z.number().int().describe('How many queries or pages the range has in all.'),
  pageCount: z.number().int(),
})
