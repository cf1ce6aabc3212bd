import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { diffLines } from 'diff'
import { AlertDialog } from 'radix-ui'
import { useState } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button, buttonVariants } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc, type RpcClient } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { useHydrated } from '~/lib/use-hydrated'
import { cn } from '~/lib/utils'
import { SeoScoreBadge } from './article-status'

type Article = Awaited<ReturnType<RpcClient['article']['get']>>
type Version = Article['versions'][number]

const REASONS: Record<string, string> = {
  generated: 'Written',
  regenerated: 'Regenerated',
  edited: 'Edited',
  restored: 'Restored',
}
const when = (value: Date | string) =>
  new Date(value).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })

/** When a version was kept, in the browser's time zone: left out of the server's HTML, which cannot know it. */
function VersionTime({ value }: { value: Date | string }) {
  return useHydrated() ? when(value) : null
}

/** Unchanged runs longer than this show their first and last lines only. */
const CONTEXT_LINES = 2

export interface DiffLine {
  kind: 'added' | 'removed' | 'same' | 'skipped'
  text: string
}

/** The lines of a comparison from `before` to `after`, long unchanged runs folded to a line that says how many. */
export function diffView(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = []
  for (const part of diffLines(before, after)) {
    const texts = part.value.replace(/\n$/, '').split('\n')
    if (part.added || part.removed) {
      for (const text of texts) lines.push({ kind: part.added ? 'added' : 'removed', text })
    } else if (texts.length > CONTEXT_LINES * 2 + 1) {
      lines.push(...texts.slice(0, CONTEXT_LINES).map((text) => ({ kind: 'same' as const, text })))
      lines.push({ kind: 'skipped', text: `${texts.length - CONTEXT_LINES * 2} unchanged lines` })
      lines.push(...texts.slice(-CONTEXT_LINES).map((text) => ({ kind: 'same' as const, text })))
    } else {
      for (const text of texts) lines.push({ kind: 'same', text })
    }
  }
  return lines
}

/**
 * Every kept version of the article, newest first: compare one with the current text (a line
 * diff) or restore it, which keeps the current text as a version too.
 */
export function ArticleVersions({ businessId, article }: { businessId: string; article: Article }) {
  const [comparing, setComparing] = useState<Version | null>(null)
  const [restoring, setRestoring] = useState<Version | null>(null)
  const queryClient = useQueryClient()
  const restore = useMutation(
    orpc.article.restore.mutationOptions({
      onSuccess: (result, { versionId }) => {
        setComparing(null)
        void queryClient.invalidateQueries({ queryKey: orpc.article.key() })
        const restored = article.versions.find((version) => version.id === versionId)
        toast.success(`Version ${restored?.version ?? ''} restored as version ${result.version}`)
      },
    }),
  )
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Versions</CardTitle>
          <CardDescription>Every rewrite, edit or restore keeps the text before it.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-2" aria-label="Versions">
            {article.versions.map((version) => {
              const current = version.version === article.version
              return (
                <li
                  key={version.id}
                  className={cn('grid gap-2 rounded-md border border-border p-3 text-sm', comparing?.id === version.id && 'border-primary')}
                  data-testid="article-version"
                >
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">
                      Version {version.version} · {REASONS[version.reason] ?? version.reason}
                    </span>
                    <SeoScoreBadge score={version.seoScore} />
                  </div>
                  <span className="text-muted-foreground">
                    <VersionTime value={version.createdAt} />
                    {current && ' · current'}
                  </span>
                  {!current && (
                    <div className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => setComparing(version)} aria-pressed={comparing?.id === version.id}>
                        Compare
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setRestoring(version)} disabled={restore.isPending}>
                        Restore
                      </Button>
                    </div>
                  )}
                </li>
              )
            })}
          </ol>
        </CardContent>
      </Card>
      {comparing ? (
        <VersionDiff businessId={businessId} article={article} version={comparing} />
      ) : (
        <Card className="content-center">
          <CardContent className="p-6 text-sm text-muted-foreground">
            {article.versions.length > 1
              ? 'Choose Compare on a version to see what changed between it and the current text.'
              : 'This is the only version so far: a rewrite, an edit or a restore adds one.'}
          </CardContent>
        </Card>
      )}
      <AlertDialog.Root open={restoring !== null} onOpenChange={(open) => !open && setRestoring(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border border-border bg-card p-6 text-card-foreground shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold">Restore version {restoring?.version}?</AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              Its text becomes the article&apos;s current text. The current text is kept as a version, so you can come back to it.
              {article.status === 'approved' && ' The article will need approving again.'}
            </AlertDialog.Description>
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Cancel</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonVariants()}
                onClick={() => restoring && restore.mutate({ businessId, articleId: article.id, versionId: restoring.id })}
              >
                Restore
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  )
}

function VersionDiff({ businessId, article, version }: { businessId: string; article: Article; version: Version }) {
  const query = useQuery(orpc.article.version.queryOptions({ input: { businessId, articleId: article.id, versionId: version.id } }))
  if (query.isPending) return <Skeleton className="h-96 w-full" aria-label="Loading the version" />
  if (query.isError) return <ErrorPanel title="Could not load this version" error={query.error} onRetry={() => void query.refetch()} />
  const lines = diffView(query.data.markdown, article.markdown)
  const added = lines.filter((line) => line.kind === 'added').length
  const removed = lines.filter((line) => line.kind === 'removed').length
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="text-base">
          Version {version.version} → current (version {article.version})
        </CardTitle>
        <CardDescription>
          {added === 0 && removed === 0 ? 'The text is the same.' : `${added} line${added === 1 ? '' : 's'} added, ${removed} removed.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <pre className="max-h-[70vh] overflow-auto rounded-md border border-border text-xs leading-5" data-testid="version-diff">
          {lines.map((line, index) => (
            <div
              key={index}
              className={cn(
                'px-3 break-words whitespace-pre-wrap',
                line.kind === 'added' && 'bg-green-500/10 text-green-200',
                line.kind === 'removed' && 'bg-red-500/10 text-red-200 line-through decoration-red-400/50',
                line.kind === 'skipped' && 'bg-muted/40 py-0.5 text-center text-muted-foreground italic',
              )}
            >
              <span aria-hidden className="mr-2 inline-block w-3 select-none text-muted-foreground">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ''}
              </span>
              <span className="sr-only">{line.kind === 'added' ? 'Added: ' : line.kind === 'removed' ? 'Removed: ' : ''}</span>
              {line.text}
            </div>
          ))}
        </pre>
      </CardContent>
    </Card>
  )
}
