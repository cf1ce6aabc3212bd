import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ArchiveIcon, CalendarClockIcon, DownloadIcon, MoreHorizontalIcon, SendIcon, Trash2Icon } from 'lucide-react'
import { AlertDialog } from 'radix-ui'
import { useState, type ReactNode } from 'react'
import { Button, buttonVariants } from '~/components/ui/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '~/components/ui/dropdown-menu'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { orpc, type RpcClient } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { cn } from '~/lib/utils'
import { downloadArticle } from './article-download'
import { publicationsQuery } from './content-queries'
import { DAY_MS } from '~/shared/time'

type Article = Awaited<ReturnType<RpcClient['article']['get']>>

const dialogClass =
  'fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl'
const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10)
const longDay = (day: string) =>
  new Date(`${day}T00:00:00.000Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })

type ArticleDialog = 'reschedule' | 'archive' | 'delete'

/**
 * The article's mutations; each refreshes the articles and keywords it changed and says so in a
 * toast. Reschedule, Archive and Delete close their dialog (`closeDialog`) once done.
 */
function useArticleMutations(businessId: string, article: Article, closeDialog: () => void) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orpc.article.key() }),
      queryClient.invalidateQueries({ queryKey: orpc.keyword.key() }),
    ])
  const approve = useMutation(
    orpc.article.approve.mutationOptions({
      onSuccess: () => {
        void refresh()
        toast.success('Approved: it will be published on its day')
      },
    }),
  )
  const publish = useMutation(
    orpc.article.publish.mutationOptions({
      // No connection yet: the toast's button (the error's action) opens Integrations.
      meta: { errorMessage: 'Could not publish this article' },
      onSuccess: ({ jobId, note }) => {
        // The Publishing panel follows this job to its end, then refreshes the article (a job
        // that ends before a refetch would otherwise leave the article's status stale).
        const key = publicationsQuery(businessId, article.id).queryKey
        if (queryClient.getQueryData(key)) queryClient.setQueryData(key, (old) => (old ? { ...old, publishingJobId: jobId } : old))
        else void queryClient.invalidateQueries({ queryKey: key })
        // A broken connection is skipped (docs/product/publishing.md): the toast names it.
        toast.success(article.status === 'published' ? 'Updating the article on your site' : 'Publishing started', {
          description: note ?? undefined,
        })
      },
    }),
  )
  const reschedule = useMutation(
    orpc.keyword.reschedule.mutationOptions({
      onSuccess: (_result, { date }) => {
        closeDialog()
        void refresh()
        toast.success(`Rescheduled to ${longDay(date)}`)
      },
    }),
  )
  const archive = useMutation(
    orpc.article.archive.mutationOptions({
      onSuccess: () => {
        closeDialog()
        void refresh()
        toast.success('Archived, with its keyword')
      },
    }),
  )
  const remove = useMutation(
    orpc.article.delete.mutationOptions({
      onSuccess: () => {
        closeDialog()
        void refresh()
        toast.success('Article deleted')
        void navigate({ to: '/content' })
      },
    }),
  )
  return { approve, publish, reschedule, archive, remove }
}

/**
 * The article's actions: Approve (a draft or held article), Publish now (to every enabled
 * connection; "Update on site" once published), Download (Markdown or HTML, built in the browser),
 * and in the menu Reschedule (its keyword's day), Archive and Delete, each confirmed in a dialog.
 */
export function ArticleActions({ businessId, article }: { businessId: string; article: Article }) {
  const [dialog, setDialog] = useState<ArticleDialog | null>(null)
  const { approve, publish, reschedule, archive, remove } = useArticleMutations(businessId, article, () => setDialog(null))
  const input = { businessId, articleId: article.id }
  const canReschedule = Boolean(article.keywordId) && article.status !== 'published' && article.status !== 'archived'
  const onOpenChange = (open: boolean) => !open && setDialog(null)

  return (
    <div className="flex flex-wrap items-center gap-2">
      {(article.status === 'draft' || article.status === 'held') && (
        <Button size="sm" onClick={() => approve.mutate(input)} disabled={approve.isPending}>
          Approve
        </Button>
      )}
      {article.status !== 'archived' && (
        <Button
          size="sm"
          variant={article.status === 'draft' || article.status === 'held' ? 'outline' : 'default'}
          onClick={() => publish.mutate(input)}
          disabled={publish.isPending}
          aria-busy={publish.isPending || undefined}
        >
          <SendIcon aria-hidden />
          {article.status === 'published' ? 'Update on site' : 'Publish now'}
        </Button>
      )}
      <DownloadMenu article={article} />
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="sm" variant="outline" aria-label="More actions">
            <MoreHorizontalIcon className="size-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={!canReschedule} onSelect={() => setDialog('reschedule')}>
            <CalendarClockIcon aria-hidden /> Reschedule
          </DropdownMenuItem>
          <DropdownMenuItem disabled={article.status === 'archived'} onSelect={() => setDialog('archive')}>
            <ArchiveIcon aria-hidden /> Archive
          </DropdownMenuItem>
          <DropdownMenuItem variant="destructive" onSelect={() => setDialog('delete')}>
            <Trash2Icon aria-hidden /> Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <RescheduleDialog
        open={dialog === 'reschedule'}
        onOpenChange={onOpenChange}
        scheduledAt={article.scheduledAt}
        pending={reschedule.isPending}
        onReschedule={(date) => {
          if (article.keywordId) reschedule.mutate({ businessId, keywordId: article.keywordId, date })
        }}
      />
      <ConfirmDialog
        open={dialog === 'archive'}
        onOpenChange={onOpenChange}
        title="Archive this article?"
        description="It comes off the plan with its keyword and is not published. Restoring the keyword on the Keywords page plans it again."
        action="Archive"
        actionClassName={buttonVariants()}
        onConfirm={() => archive.mutate(input)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={onOpenChange}
        title="Delete this article?"
        description={
          <>
            “{article.title}” and all {article.versions.length} of its versions are deleted; this cannot be undone. Its keyword is archived
            so it is not written again.
          </>
        }
        action="Delete"
        actionClassName={cn(buttonVariants({ variant: 'destructive' }))}
        onConfirm={() => remove.mutate(input)}
      />
    </div>
  )
}

/** Download as Markdown or HTML, built in the browser. */
function DownloadMenu({ article }: { article: Article }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="outline">
          <DownloadIcon aria-hidden />
          Download
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => downloadArticle(article, 'markdown')}>Markdown (.md)</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => downloadArticle(article, 'html')}>HTML (.html)</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** Reschedule: the day (from tomorrow on) its keyword, and so the article, moves to. */
function RescheduleDialog({
  open,
  onOpenChange,
  scheduledAt,
  pending,
  onReschedule,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  scheduledAt: Article['scheduledAt']
  pending: boolean
  onReschedule: (date: string) => void
}) {
  const [day, setDay] = useState(() => (scheduledAt ? new Date(scheduledAt).toISOString().slice(0, 10) : tomorrow()))
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className={dialogClass}>
          <AlertDialog.Title className="text-lg font-semibold">Reschedule this article</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            It is published on the day you choose (from tomorrow on), at the plan&apos;s usual time.
          </AlertDialog.Description>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              onReschedule(day)
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="reschedule-day">Day</Label>
              <Input
                id="reschedule-day"
                type="date"
                min={tomorrow()}
                value={day}
                required
                onChange={(event) => setDay(event.target.value)}
              />
            </div>
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
              <Button type="submit" disabled={pending || !day}>
                Reschedule
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** A confirmation: what the action does, Cancel, and the action. */
function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  actionClassName,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: ReactNode
  action: string
  actionClassName: string
  onConfirm: () => void
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className={dialogClass}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={actionClassName} onClick={onConfirm}>
              {action}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
