import { defineErrorCodes } from '~/server/rpc/errors'

/** Connecting, testing and changing a business's publishing targets, and redelivering its events. */
export const INTEGRATION_ERRORS = defineErrorCodes({
  INTEGRATION_NOT_FOUND: { code: 'NOT_FOUND', message: 'This integration is not connected. Refresh the page and try again.' },
  CONNECTOR_UNAVAILABLE: { code: 'BAD_REQUEST', message: 'This connector is not available on this server.' },
  WEBHOOK_PAUSED: { code: 'PRECONDITION_FAILED', message: 'This webhook is paused. Turn it on on Integrations, then try again.' },
  EVENT_NOT_CHOSEN: {
    code: 'PRECONDITION_FAILED',
    message: 'This webhook no longer receives this event. Tick it under Events to send on Integrations, then try again.',
  },
})

/** Publishing an article. */
export const PUBLISH_ERRORS = defineErrorCodes({
  ARTICLE_NOT_FOUND: { code: 'NOT_FOUND', message: 'This article was not found. Refresh the list and try again.' },
  NO_PUBLISHING_TARGET: {
    code: 'PRECONDITION_FAILED',
    message: 'Connect where your articles go first: a site, a webhook or the JSON feed on Integrations.',
  },
  ARTICLE_NOT_PUBLISHABLE: { code: 'CONFLICT', message: 'An archived article cannot be published. Restore its keyword to the plan first.' },
  /** Every target that would receive the article is broken; the message names them ("Reconnect WordPress first."). */
  INTEGRATION_BROKEN: { code: 'PRECONDITION_FAILED', message: 'Reconnect your site first.' },
})
