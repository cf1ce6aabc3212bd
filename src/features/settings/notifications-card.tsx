import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select'
import { Separator } from '~/components/ui/separator'
import { Skeleton } from '~/components/ui/skeleton'
import { Switch } from '~/components/ui/switch'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind, type NotificationSettingsInput } from '~/shared/notifications'

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** The browser's time zone, proposed until the user has saved one (UTC where it cannot tell). */
const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

const timeZones = () => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return ['UTC']
  }
}

/**
 * Settings → Notifications (docs/product/notifications.md): each email on or off, applied at once,
 * and the hour of the daily digest in the user's time zone. The first save also stores the
 * browser's time zone unless the user picked one.
 */
export function NotificationsCard() {
  const id = useId()
  const queryClient = useQueryClient()
  const settings = useQuery(orpc.settings.notifications.queryOptions())
  const zones = useMemo(() => {
    const list = timeZones()
    return list.includes('UTC') ? list : ['UTC', ...list]
  }, [])
  const update = useMutation(
    orpc.settings.updateNotifications.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(orpc.settings.notifications.queryKey(), saved)
        toast.success('Notification settings saved')
      },
      onError: (error) => toast.error('Could not save the notification settings', { description: error.message }),
    }),
  )

  const save = (change: NotificationSettingsInput) => {
    const firstSave = settings.data && !settings.data.saved && change.timeZone === undefined
    update.mutate(firstSave ? { ...change, timeZone: browserTimeZone() } : change)
  }

  return (
    <Card id="notifications" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>
          Emails about what needs you: a broken connection, an article that could not be published, drafts waiting for review, the month’s
          plan, and your article allowance. Each email has a link to turn its kind off.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {settings.isPending ? (
          <div role="status" aria-label="Loading notification settings" className="grid gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : settings.isError ? (
          <ErrorPanel title="Could not load your notification settings" error={settings.error} onRetry={() => settings.refetch()} />
        ) : (
          <>
            <ul aria-label="Notification emails" className="grid gap-4">
              {NOTIFICATION_KINDS.map((kind: NotificationKind) => (
                <li key={kind} className="flex items-start gap-3">
                  <Switch
                    id={`${id}-${kind}`}
                    checked={settings.data.enabled[kind]}
                    disabled={update.isPending}
                    onCheckedChange={(checked) => save({ enabled: { [kind]: checked } })}
                    aria-describedby={`${id}-${kind}-hint`}
                    className="mt-0.5"
                  />
                  <div className="grid gap-0.5">
                    <label htmlFor={`${id}-${kind}`} className="text-sm font-medium">
                      {NOTIFICATION_KIND_LABELS[kind].label}
                    </label>
                    <p id={`${id}-${kind}-hint`} className="text-xs text-muted-foreground">
                      {NOTIFICATION_KIND_LABELS[kind].help}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <Separator />
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <label id={`${id}-hour`} className="text-sm font-medium">
                  Digest hour
                </label>
                <Select
                  value={String(settings.data.digestHour)}
                  onValueChange={(value) => save({ digestHour: Number(value) })}
                  disabled={update.isPending}
                >
                  <SelectTrigger aria-labelledby={`${id}-hour`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent className="max-h-72">
                    {HOURS.map((hour) => (
                      <SelectItem key={hour} value={String(hour)}>
                        {hourLabel(hour)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-1.5">
                <label id={`${id}-zone`} className="text-sm font-medium">
                  Time zone
                </label>
                <Select value={settings.data.timeZone} onValueChange={(value) => save({ timeZone: value })} disabled={update.isPending}>
                  <SelectTrigger aria-labelledby={`${id}-zone`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent className="max-h-72">
                    {zones.map((zone) => (
                      <SelectItem key={zone} value={zone}>
                        {zone.replace(/_/g, ' ')}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            </div>
            <p className="text-xs text-muted-foreground">
              The digest goes out once a day at {hourLabel(settings.data.digestHour)} ({settings.data.timeZone.replace(/_/g, ' ')}) when
              drafts wait for review or articles are held below the SEO score floor.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  )
}
