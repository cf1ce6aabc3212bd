export interface BusinessSummary {
  id: string
  name: string | null
  url: string
}

/**
 * How a business is named on screen: its name, or its address while it has none (analysis
 * pending). Deleting a business asks for exactly this text, on both sides.
 */
export function businessLabel(business: Pick<BusinessSummary, 'name' | 'url'>) {
  return business.name?.trim() || business.url.replace(/^https?:\/\//, '').replace(/\/$/, '')
}
