import { publicProcedure } from '~/server/rpc/procedures'
import { listPlans } from './plans.service'

export const planRouter = {
  /** All plans, cheapest first. Public: the pricing page shows them before sign-in. */
  getAll: publicProcedure.route({ method: 'GET' }).handler(({ context }) => listPlans(context.db)),
}
