import { z } from 'zod'
import { ownedBusinessProcedure } from '~/server/rpc/procedures'
import { CONNECTOR_TYPES } from '~/shared/integrations'
import { businessIdInput } from '~/shared/id-inputs'
import {
  appPublishingDeps,
  connectIntegration,
  listIntegrations,
  removeIntegration,
  setFeed,
  setIntegrationEnabled,
  testIntegration,
} from './integrations.service'

const typeInput = businessIdInput.extend({
  type: z.enum(CONNECTOR_TYPES, { error: `Choose one of the connectors: ${CONNECTOR_TYPES.join(', ')}.` }),
})
const fieldValues = z.record(z.string().max(100), z.string().max(2000, 'Keep each field under 2,000 characters.'))

/** The publishing targets of one of the caller's businesses (docs/product/publishing.md). */
export const integrationRouter = {
  /** The connectors (credentials masked), the JSON feed and the Search Console link. */
  list: ownedBusinessProcedure(businessIdInput)
    .route({ method: 'GET' })
    .handler(({ context }) => listIntegrations(context.db, context.businessId, appPublishingDeps())),
  /**
   * Saves a connector's settings (secrets left empty keep the stored ones; the webhook's events
   * too), then tests them: the answer says whether they work.
   */
  connect: ownedBusinessProcedure(
    typeInput.extend({
      config: fieldValues.default({}),
      secrets: fieldValues.default({}),
      // Checked by the service, so its messages come back per field like the others'.
      events: z.array(z.string().max(100)).max(20).optional(),
      // Webflow's field map (our part → a field slug); checked by the service against the collection.
      fieldMap: z.record(z.string().max(100), z.string().max(200)).optional(),
    }),
  ).handler(({ context, input }) =>
    connectIntegration(
      context.db,
      context.businessId,
      { type: input.type, config: input.config, secrets: input.secrets, events: input.events, fieldMap: input.fieldMap },
      appPublishingDeps(),
    ),
  ),
  /** "Test connection": an authenticated call that changes nothing on the site. */
  test: ownedBusinessProcedure(typeInput).handler(({ context, input, signal }) =>
    testIntegration(context.db, context.businessId, input.type, appPublishingDeps(), signal),
  ),
  setEnabled: ownedBusinessProcedure(typeInput.extend({ enabled: z.boolean() })).handler(({ context, input }) =>
    setIntegrationEnabled(context.db, context.businessId, input.type, input.enabled, appPublishingDeps()),
  ),
  /** Removes the connector and its credentials; posts already on the site stay. */
  remove: ownedBusinessProcedure(typeInput).handler(({ context, input }) => removeIntegration(context.db, context.businessId, input.type)),
  /** Turns the JSON feed on with a new token (the old address stops working) or off. */
  feed: ownedBusinessProcedure(businessIdInput.extend({ enabled: z.boolean() })).handler(({ context, input }) =>
    setFeed(context.db, context.businessId, input.enabled, appPublishingDeps()),
  ),
}
