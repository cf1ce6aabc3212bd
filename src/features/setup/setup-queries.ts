import { orpc } from '~/lib/orpc'

/*
 * The Setup screen's queries: the route's loader ensures them, the wizard reads them with
 * useSuspenseQuery (docs/decisions/0019-screen-data-loading.md).
 */

/**
 * Where setup stands: for the user's current business (setup.state), or for the business
 * `businessId` names, one added from the switcher and not current until it finishes (setup.businessState).
 */
export const setupStateQuery = (businessId?: string) =>
  businessId ? orpc.setup.businessState.queryOptions({ input: { businessId } }) : orpc.setup.state.queryOptions()

/** Whether the plan has room for another business (business.allowance), asked before "Add a business" step 1. */
export const businessAllowanceQuery = () => orpc.business.allowance.queryOptions()
