import { articleRouter } from '~/server/articles/articles.router'
import { businessRouter } from '~/server/business/business.router'
import { gscRouter } from '~/server/gsc/gsc.router'
import { jobRouter } from '~/server/job-runs/job-runs.router'
import { keywordListInput, keywordRouter } from '~/server/keywords/keywords.router'
import { integrationRouter } from '~/server/publishing/integrations.router'
import { clusterRouter, researchRouter } from '~/server/research/research.router'
import { TOP_FILTER_MAX_LENGTH } from '~/shared/search-console-filter'
import { rowId } from '~/shared/id-inputs'
import { expose } from './expose'
import * as out from './outputs'

/**
 * The ids the reference's examples use. They stand for the caller's own ids; the tests call every
 * operation with them swapped for real ones (src/server/api/openapi.int.test.ts).
 */
export const EXAMPLE_IDS = {
  businessId: 'Bz4kQ9mW2xLp',
  keywordId: 'Kw7tR3nV8cYe',
  articleId: 'Ar5hG2jD9sFq',
  jobId: '3f1c2b9e-7a4d-4e8b-9c61-2d5f0a7b8e14',
} as const
const { businessId, keywordId, articleId, jobId } = EXAMPLE_IDS

/**
 * The public API at /api/v1 (docs/product/api.md): each operation is one of the app's own
 * procedures, exposed with its REST route, scope, output schema and example (./expose.ts). A
 * procedure not listed here cannot be called with an API key at all.
 */
export const apiRouter = {
  businesses: {
    list: expose(businessRouter.list, {
      scope: 'read',
      method: 'GET',
      path: '/businesses',
      operationId: 'businesses.list',
      tag: 'Businesses',
      summary: 'List your businesses',
      description:
        'Every business of the key’s account, oldest first, with its competitors. Their ids are what every other operation takes.',
      output: out.businessListOutput,
      example: undefined,
    }),
    get: expose(businessRouter.get, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}',
      operationId: 'businesses.get',
      tag: 'Businesses',
      summary: 'Get a business',
      description: 'One business of the key’s account. Another account’s business is 404, like one that does not exist.',
      output: out.businessOutput,
      example: { businessId },
    }),
  },
  keywords: {
    list: expose(keywordRouter.list, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/keywords',
      operationId: 'keywords.list',
      tag: 'Keywords',
      summary: 'List keywords',
      description: 'One page of the business’s keywords, with the Keywords screen’s filters, sort and paging.',
      restNote:
        'Query objects use brackets: `filters[0][id]=keyword&filters[0][value]=coffee&filters[0][variant]=text&filters[0][operator]=iLike&filters[0][filterId]=kw000001`, ' +
        '`sort[0][id]=searchVolume&sort[0][desc]=true`. A filter’s `filterId` is any 8 characters of your choosing.',
      input: keywordListInput.unwrap().extend({ businessId: rowId('Business id') }),
      output: out.keywordPageOutput,
      example: {
        businessId,
        page: 1,
        perPage: 20,
        sort: [{ id: 'searchVolume', desc: true }],
        filters: [{ id: 'keyword', value: 'coffee', variant: 'text', operator: 'iLike', filterId: 'kw000001' }],
        joinOperator: 'and',
      },
    }),
    add: expose(keywordRouter.add, {
      scope: 'write',
      method: 'POST',
      path: '/businesses/{businessId}/keywords',
      operationId: 'keywords.add',
      tag: 'Keywords',
      summary: 'Add keywords',
      description:
        'Adds keywords by hand, as the Keywords screen’s “Add keywords” does: each is measured, scored, checked against the plan, ' +
        'put in a topic and scheduled. The answer lists what was added and, for the rest, why not.',
      output: out.keywordsAddedOutput,
      example: { businessId, keywords: ['cold brew ratio', 'best coffee grinder for espresso'] },
    }),
    explain: expose(keywordRouter.explain, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/keywords/{keywordId}/explanation',
      operationId: 'keywords.explain',
      tag: 'Keywords',
      summary: 'Explain a keyword',
      description:
        'Why the keyword is in the plan: where it came from, the research stages it went through, its metrics and scores, its topic.',
      output: out.keywordExplanationOutput,
      example: { businessId, keywordId },
    }),
  },
  research: {
    start: expose(researchRouter.start, {
      scope: 'write',
      method: 'POST',
      path: '/businesses/{businessId}/research',
      operationId: 'research.start',
      tag: 'Research',
      summary: 'Start keyword research',
      description: 'Starts a research run, as “Run research” does. 409 while one is running.',
      restNote: 'Follow it with GET …/research or GET /jobs/{id}.',
      successStatus: 202,
      output: out.researchStartedOutput,
      example: { businessId },
    }),
    status: expose(researchRouter.status, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/research',
      operationId: 'research.status',
      tag: 'Research',
      summary: 'Research status',
      description:
        'The latest research run: its state and stage, what each stage produced, and its estimated cost. null before the first run.',
      output: out.researchStatusOutput,
      example: { businessId },
    }),
  },
  clusters: {
    list: expose(clusterRouter.list, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/clusters',
      operationId: 'clusters.list',
      tag: 'Topics',
      summary: 'List topics',
      description: 'The business’s topic clusters, best first, each with its pillar keyword, its keywords and its content series.',
      output: out.clusterListOutput,
      example: { businessId },
    }),
  },
  articles: {
    list: expose(articleRouter.list, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/articles',
      operationId: 'articles.list',
      tag: 'Articles',
      summary: 'List articles',
      description: 'One page of the business’s articles with the Content list’s filters, sort and paging.',
      restNote:
        'Query objects use the same bracket form as keywords, ' +
        'e.g. `filters[0][id]=status&filters[0][value][0]=draft&filters[0][variant]=multiSelect&filters[0][operator]=inArray&filters[0][filterId]=st000001`.',
      output: out.articlePageOutput,
      example: { businessId, page: 1, perPage: 20, sort: [{ id: 'scheduledAt', desc: false }] },
    }),
    get: expose(articleRouter.get, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/articles/{articleId}',
      operationId: 'articles.get',
      tag: 'Articles',
      summary: 'Get an article',
      description:
        'Every field of the article (Markdown and HTML, meta, images, FAQ, structured data), its SEO checks with hints, its versions, ' +
        'and where it is published: each site it was sent to, with its status and live address.',
      output: out.articleOutput,
      example: { businessId, articleId },
    }),
    generate: expose(articleRouter.generate, {
      scope: 'write',
      method: 'POST',
      path: '/businesses/{businessId}/articles',
      operationId: 'articles.generate',
      tag: 'Articles',
      summary: 'Generate an article',
      description:
        'Writes the article of a planned keyword now (“Generate now”), counted against the plan’s monthly articles. ' +
        'Answers the job; the article appears in the list when it is written.',
      successStatus: 202,
      output: out.articleGenerationOutput,
      example: { businessId, keywordId },
    }),
    approve: expose(articleRouter.approve, {
      scope: 'write',
      method: 'POST',
      path: '/businesses/{businessId}/articles/{articleId}/approve',
      operationId: 'articles.approve',
      tag: 'Articles',
      summary: 'Approve an article',
      description: 'Clears a draft or held article for publishing on its day. Approving an approved article changes nothing.',
      output: out.articleOutput,
      example: { businessId, articleId },
    }),
    publish: expose(articleRouter.publish, {
      scope: 'publish',
      method: 'POST',
      path: '/businesses/{businessId}/articles/{articleId}/publish',
      operationId: 'articles.publish',
      tag: 'Articles',
      summary: 'Publish an article now',
      description:
        'Publishes the article to every enabled integration now (“Publish now”); one already published is updated. ' +
        'A Broken integration is skipped (named in `skipped`); when every one that would receive it is Broken, it is refused ' +
        '(412, INTEGRATION_BROKEN: “Reconnect WordPress first.”). Needs the `publish` scope.',
      successStatus: 202,
      output: out.articlePublishOutput,
      example: { businessId, articleId },
    }),
  },
  integrations: {
    list: expose(integrationRouter.list, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/integrations',
      operationId: 'integrations.list',
      tag: 'Integrations',
      summary: 'List integrations',
      description: 'The publishing connectors (secrets masked), the JSON feed and the Search Console link.',
      output: out.integrationListOutput,
      example: { businessId },
    }),
  },
  performance: {
    get: expose(gscRouter.performance, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/performance',
      operationId: 'performance.get',
      tag: 'Performance',
      summary: 'Search performance',
      description:
        'Daily clicks, impressions, CTR and position from Search Console with totals, against the previous period of the same length. ' +
        'Of the whole site, one page (`page`) or one article (`articleId`).',
      output: out.performanceOutput,
      example: { businessId, from: '2026-01-01', to: '2026-01-31' },
    }),
    top: expose(gscRouter.top, {
      scope: 'read',
      method: 'GET',
      path: '/businesses/{businessId}/performance/top',
      operationId: 'performance.top',
      tag: 'Performance',
      summary: 'Top queries or pages',
      description:
        'The range’s queries (`dimension=query`) or pages (`dimension=page`) with their clicks, impressions, CTR and position, ' +
        'of the whole site or one article (`articleId`), only those holding a text when `contains` is given (any case; ' +
        '`%`, `_` and `\\` taken literally; at most ' +
        String(TOP_FILTER_MAX_LENGTH) +
        ' characters): ' +
        'one page of them in the order asked, and how many there are.',
      output: out.performanceTopOutput,
      example: {
        businessId,
        from: '2026-01-01',
        to: '2026-01-31',
        dimension: 'query',
        contains: 'coffee',
        page: 1,
        perPage: 10,
        sort: [{ id: 'clicks', desc: true }],
      },
    }),
  },
  jobs: {
    get: expose(jobRouter.get, {
      scope: 'read',
      method: 'GET',
      path: '/jobs/{id}',
      operationId: 'jobs.get',
      tag: 'Jobs',
      summary: 'Get a job',
      description: 'A background job of the key’s account as it is now: state, step, progress, error.',
      output: out.jobOutput,
      example: { id: jobId },
    }),
  },
}

export type ApiRouter = typeof apiRouter
