import type { ConnectorType } from '~/shared/integrations'
import type { Connector } from '../connector'
import { ghostConnector } from './ghost/ghost'
import { notionConnector } from './notion/notion'
import { shopifyConnector } from './shopify/shopify'
import { webflowConnector } from './webflow/webflow'
import { webhookConnector } from './webhook/webhook'
import { wordpressConnector } from './wordpress/wordpress'

/** Every connector's client, by type (the forms and schemas are in src/shared/integrations.ts). */
export const CONNECTOR_CLIENTS: { [T in ConnectorType]: Connector<T> } = {
  wordpress: wordpressConnector,
  ghost: ghostConnector,
  webflow: webflowConnector,
  shopify: shopifyConnector,
  notion: notionConnector,
  webhook: webhookConnector,
}

export function connectorClient<T extends ConnectorType>(type: T): Connector<T> | undefined {
  return CONNECTOR_CLIENTS[type] as Connector<T> | undefined
}
