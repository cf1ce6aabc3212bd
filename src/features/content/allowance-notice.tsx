import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CircleAlert } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { billingOverviewQuery } from '~/features/billing/billing-queries'
import { allowanceNotice } from './allowance'

/**
 * The notice above the articles when the allowance is used up, with the way to more. The route
 * prefetches the overview; read without suspense, so that a failure of it only leaves the notice out.
 */
export function AllowanceNotice() {
  const overview = useQuery(billingOverviewQuery())
  const notice = allowanceNotice(overview.data)
  if (!notice) return null
  return (
    <Alert icon={<CircleAlert aria-hidden />} className="mb-6">
      <AlertTitle>{notice.title}</AlertTitle>
      <AlertDescription>
        {notice.description}{' '}
        {notice.upgrade && (
          <Link to="/settings" hash="plan-and-billing" className="font-medium underline underline-offset-4">
            See plans
          </Link>
        )}
      </AlertDescription>
    </Alert>
  )
}
