import { ARTICLE_SCHEDULE_CRON, articleGenerateJob, articleScheduleJob } from '~/server/articles/articles.jobs'
import { METER_SWEEP_CRON, meterDeliverJob, meterSweepJob } from '~/server/billing/billing.jobs'
import { GSC_SYNC_DUE_CRON, gscSyncDueJob, gscSyncJob } from '~/server/gsc/gsc.jobs'
import type { CronSchedule } from '~/server/jobs'
import { demoCountJob } from '~/server/e2e/e2e.jobs'
import { PURGE_EXPIRED_CRON, purgeExpiredJob, VACUUM_CRON, vacuumJob } from '~/server/maintenance/maintenance.jobs'
import { NOTIFICATION_DIGEST_CRON, notificationDigestJob, notificationSendJob } from '~/server/notifications/notifications.jobs'
import { MONTHLY_RESEARCH_CRON, monthlyResearchJob, researchRunJob } from '~/server/research/research.jobs'
import { articlePublishJob, liveCheckJob, PUBLISH_DUE_CRON, publishDueJob, webhookDeliverJob } from '~/server/publishing/publishing.jobs'
import { businessAnalyzeJob, competitorAnalyzeJob } from '~/server/setup/setup.jobs'

/**
 * Every job kind the app runs: a kind missing here has no queue and no worker. The registry sits
 * at the top with the root router, so the job machinery (src/server/jobs) never imports a domain
 * and a domain may enqueue its own jobs without a cycle.
 */
export const JOB_KINDS = [
  demoCountJob,
  purgeExpiredJob,
  vacuumJob,
  businessAnalyzeJob,
  competitorAnalyzeJob,
  researchRunJob,
  monthlyResearchJob,
  articleGenerateJob,
  articleScheduleJob,
  articlePublishJob,
  publishDueJob,
  liveCheckJob,
  webhookDeliverJob,
  gscSyncJob,
  gscSyncDueJob,
  meterDeliverJob,
  meterSweepJob,
  notificationSendJob,
  notificationDigestJob,
]

export const JOB_SCHEDULES: CronSchedule[] = [
  { kind: purgeExpiredJob, cron: PURGE_EXPIRED_CRON },
  { kind: vacuumJob, cron: VACUUM_CRON },
  { kind: monthlyResearchJob, cron: MONTHLY_RESEARCH_CRON },
  { kind: articleScheduleJob, cron: ARTICLE_SCHEDULE_CRON },
  { kind: publishDueJob, cron: PUBLISH_DUE_CRON },
  { kind: gscSyncDueJob, cron: GSC_SYNC_DUE_CRON },
  { kind: meterSweepJob, cron: METER_SWEEP_CRON },
  { kind: notificationDigestJob, cron: NOTIFICATION_DIGEST_CRON },
]
