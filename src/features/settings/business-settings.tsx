import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Card, CardContent, CardHeader } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { businessLabel } from '../shell/current-business'
import { ResearchSettingsCard } from '~/features/research/research-settings-card'
import { ArticleSettingsForm } from './article-settings-form'
import { BrandVoiceForm } from './brand-voice-form'
import { SelectField } from './fields'
import { ProfileForm } from './profile-form'
import { SeedsForm } from './seeds-form'
import { businessListQuery, businessSettingsQuery } from './settings-queries'
import { SiteStructureForm } from './site-structure-form'

/**
 * The current business: everything setup asked (profile, sitemap and blog, seed keywords; competitors
 * link to /competitors) and the article and research settings, with a switcher when there are several.
 */
export function BusinessSettings() {
  const { data: settings } = useSuspenseQuery(businessSettingsQuery())

  // Keyed by business: switching business starts every form from the new business's values.
  const { businessId } = settings
  return (
    <>
      <BusinessPicker businessId={businessId} />
      <ProfileForm key={`profile-${businessId}`} settings={settings} />
      <SiteStructureForm key={`site-${businessId}`} settings={settings} />
      <SeedsForm key={`seeds-${businessId}`} settings={settings} />
      <ArticleSettingsForm key={`articles-${businessId}`} settings={settings} />
      <BrandVoiceForm key={`voice-${businessId}`} settings={settings} />
      <ResearchSettingsCard key={`research-${businessId}`} businessId={businessId} />
    </>
  )
}

/** Shown only when the user has more than one business; selecting one is business.select. */
function BusinessPicker({ businessId }: { businessId: string }) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { data: businesses } = useSuspenseQuery(businessListQuery())
  const select = useMutation(
    orpc.business.select.mutationOptions({
      // Every cached query belonged to the previous business; the route context holds the selection.
      onSuccess: (selected) => {
        toast.success(`Now editing ${businessLabel(selected)}`)
        return Promise.all([queryClient.invalidateQueries(), router.invalidate()])
      },
      onError: (error) => toast.error('Could not switch business', { description: error.message }),
    }),
  )
  if (businesses.length < 2) return null
  return (
    <Card>
      <CardContent className="pt-6">
        <SelectField
          id="settings-business"
          label="Business"
          hint="Settings below apply to this business only."
          value={businessId}
          disabled={select.isPending}
          options={businesses.map((business) => ({ value: business.id, label: businessLabel(business) }))}
          onChange={(id) => {
            if (id !== businessId) select.mutate({ businessId: id })
          }}
        />
      </CardContent>
    </Card>
  )
}

/** The Business section while the Settings route loads. */
export function BusinessSettingsSkeleton() {
  return (
    <div role="status" aria-label="Loading business settings" className="grid gap-6">
      {[6, 4].map((rows, card) => (
        <Card key={card}>
          <CardHeader>
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-72" />
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            {Array.from({ length: rows }, (_, index) => (
              <div key={index} className="grid gap-2">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  )
}
