import type { InferRouterOutputs } from '@orpc/server'
import type { AppRouter } from '~/server/app/router'

/**
 * What the procedures return, read off the router's types: browser code takes its data types from
 * here, as it never imports the server (the layer rules in eslint.config.js).
 */
export type RpcOutputs = InferRouterOutputs<AppRouter>

/** A job's progress and outcome (`job.get`, `job.watch`). */
export type JobSnapshot = RpcOutputs['job']['get']

/** The caller's plan and this period's article usage (`billing.overview`). */
export type BillingOverview = RpcOutputs['billing']['overview']

/** Where setup stands: the business, its competitors and the step to open at (`setup.state`). */
export type SetupState = RpcOutputs['setup']['state']
export type Business = NonNullable<SetupState['business']>
export type Competitor = SetupState['competitors'][number]

/** The latest keyword-research run of a business, or null (`research.status`). */
export type ResearchStatus = RpcOutputs['research']['status']

/** A business's topic clusters (`cluster.list`). */
export type KeywordCluster = RpcOutputs['cluster']['list'][number]

/** Why a keyword is in the plan (`keyword.explain`). */
export type KeywordExplanation = RpcOutputs['keyword']['explain']
