export interface BusinessSummary {
  id: string
  name: string | null
  url: string
}

/**
 * The business the app works on: the user's selected one, else the first in their list (spec §3:
 * "the first business in the user's list is the current one").
 */
export function currentBusiness<T extends BusinessSummary>(list: readonly T[], selectedId: string | null | undefined): T | undefined {
  return list.find((business) => business.id === selectedId) ?? list[0]
}

/** A business without a name yet (analysis pending) is shown by its address. */
export function businessLabel(business: BusinessSummary) {
  return business.name?.trim() || business.url.replace(/^https?:\/\//, '').replace(/\/$/, '')
}
