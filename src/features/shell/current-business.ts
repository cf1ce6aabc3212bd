export interface BusinessSummary {
  id: string
  name: string | null
  url: string
}

/** A business without a name yet (analysis pending) is shown by its address. */
export function businessLabel(business: BusinessSummary) {
  return business.name?.trim() || business.url.replace(/^https?:\/\//, '').replace(/\/$/, '')
}
