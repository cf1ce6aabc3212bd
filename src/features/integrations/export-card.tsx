import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { CopyIcon, RefreshCwIcon, RssIcon } from 'lucide-react'
import { AlertDialog } from 'radix-ui'
import { useId, useState } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Spinner } from '~/components/ui/spinner'
import { Switch } from '~/components/ui/switch'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { feedAddress, type IntegrationList } from './integrations-queries'

const rootRoute = getRouteApi('__root__')

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl'

/**
 * Export on /integrations: the JSON feed a headless site reads the published articles from (on or
 * off; its address carries a token, "New address" replaces it), and the per-article downloads.
 */
export function ExportCard({ businessId, feed }: { businessId: string; feed: IntegrationList['feed'] }) {
  const { appUrl } = rootRoute.useLoaderData()
  const queryClient = useQueryClient()
  const switchId = useId()
  const addressId = useId()
  const [confirmRotate, setConfirmRotate] = useState(false)
  const setFeed = useMutation(
    orpc.integration.feed.mutationOptions({
      onSuccess: async (_result, variables) => {
        setConfirmRotate(false)
        await queryClient.invalidateQueries({ queryKey: orpc.integration.key() })
        if (variables.enabled && feed?.enabled) toast.success('The feed has a new address', { description: 'The old one no longer works.' })
      },
    }),
  )
  const enabled = (setFeed.isPending && !confirmRotate ? setFeed.variables?.enabled : undefined) ?? feed?.enabled ?? false
  const address = feed?.enabled && feed.token ? feedAddress(appUrl, businessId, feed.token) : null

  const copy = async () => {
    if (!address) return
    try {
      await navigator.clipboard.writeText(address)
      toast.success('Feed address copied')
    } catch {
      toast.error('Could not copy the address', { description: 'Select it and copy it by hand.' })
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <RssIcon aria-hidden className="size-4 text-violet-300" />
          Export
        </CardTitle>
        <CardDescription>For a site Rankpilot cannot post to: it reads your published articles itself.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3">
          <Switch
            id={switchId}
            checked={enabled}
            disabled={setFeed.isPending}
            onCheckedChange={(checked) => setFeed.mutate({ businessId, enabled: checked })}
            aria-describedby={`${switchId}-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-0.5">
            <label htmlFor={switchId} className="text-sm font-medium">
              JSON feed
            </label>
            <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
              Your published articles as JSON at a private address, their images linked as PNG files from this app’s public address. Turning
              it off stops the address; turning it on again gives a new one.
            </p>
          </div>
        </div>

        {address && (
          <div className="grid gap-2">
            <Label htmlFor={addressId}>Feed address</Label>
            <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
              <Input
                id={addressId}
                readOnly
                value={address}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 font-mono text-xs"
                aria-describedby={`${addressId}-hint`}
              />
              <div className="flex gap-2">
                <Button type="button" variant="outline" onClick={() => void copy()}>
                  <CopyIcon aria-hidden />
                  Copy
                </Button>
                <Button type="button" variant="outline" onClick={() => setConfirmRotate(true)}>
                  <RefreshCwIcon aria-hidden />
                  New address
                </Button>
              </div>
            </div>
            <p id={`${addressId}-hint`} className="text-xs text-muted-foreground">
              The token in it is the feed&apos;s password: share it only with the site that reads it.
            </p>
          </div>
        )}

        <p className="text-sm text-muted-foreground">
          Each article can also be downloaded as Markdown or HTML from its page (Download, beside Publish now).
        </p>
      </CardContent>

      <AlertDialog.Root open={confirmRotate} onOpenChange={setConfirmRotate}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <AlertDialog.Content className={dialogClass}>
            <AlertDialog.Title className="text-lg font-semibold">Give the feed a new address?</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              The current address stops working at once: a site reading it needs the new one.
            </AlertDialog.Description>
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonVariants()}
                disabled={setFeed.isPending}
                onClick={(event) => {
                  event.preventDefault()
                  setFeed.mutate({ businessId, enabled: true })
                }}
              >
                {setFeed.isPending && <Spinner />}
                New address
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Card>
  )
}
