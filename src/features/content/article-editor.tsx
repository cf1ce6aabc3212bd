import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDebouncedCallback } from '~/components/data-table/use-debounced-callback'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { orpc, type RpcClient } from '~/lib/orpc'
import { cn } from '~/lib/utils'
import { SeoScoreBadge } from './article-status'
import { SeoScorePanel } from './seo-score-panel'

type Article = Awaited<ReturnType<RpcClient['article']['get']>>

interface Draft {
  markdown: string
  metaTitle: string
  metaDescription: string
}

/** The preview follows typing after this pause; autosave after a longer one. */
const PREVIEW_DELAY_MS = 350
const AUTOSAVE_DELAY_MS = 1500
const META_TITLE_MAX = 60
const META_DESCRIPTION_MAX = 160

const sameDraft = (a: Draft, b: Draft) =>
  a.markdown === b.markdown && a.metaTitle === b.metaTitle && a.metaDescription === b.metaDescription
const errorCode = (error: unknown) => (error as { code?: string } | null)?.code
const errorMessage = (error: unknown) => (error instanceof Error ? error.message : 'The article could not be saved.')

type SaveState = { kind: 'saved'; at: Date | null } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'failed'; message: string }

/** Why a meta field cannot be saved as it is, or null. */
function metaError(value: string, max: number, name: string): string | null {
  if (value.trim().length === 0) return `Write a ${name}.`
  if (value.length > max) return `Keep the ${name} to ${max} characters.`
  return null
}

/** The save state as the editor says it. */
function saveStateText(state: SaveState): string {
  if (state.kind === 'saving') return 'Saving…'
  if (state.kind === 'dirty') return 'Unsaved changes'
  if (state.kind === 'failed') return `Not saved: ${state.message}`
  return state.at ? `Saved at ${state.at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}` : 'All changes saved'
}

/** The server's preview of the draft (its HTML and SEO score), following typing after a pause. */
function useDraftPreview(businessId: string, article: Article, initial: Draft) {
  const [previewed, setPreviewed] = useState<Draft | null>(null)
  const preview = useQuery({
    ...orpc.article.preview.queryOptions({ input: { businessId, articleId: article.id, ...(previewed ?? initial) } }),
    enabled: previewed !== null,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { inlineError: true },
  })
  const schedulePreview = useDebouncedCallback((next: Draft) => setPreviewed(next), PREVIEW_DELAY_MS)
  const shown = previewed && preview.data ? preview.data : { html: article.html, seoScore: article.seoScore, seoChecks: article.seoChecks }
  const error = previewed && preview.isError ? errorMessage(preview.error) : null
  return { shown, error, fetching: preview.isFetching, schedule: schedulePreview.run, reset: () => setPreviewed(null) }
}

/**
 * The draft and its saving: autosave after a pause, Save / Ctrl+S at once, over the revision the
 * editor started from; a refused save (the article changed elsewhere) keeps the text and offers
 * a reload.
 */
function useArticleDraft(businessId: string, article: Article, onReload: () => Promise<Article | undefined>) {
  const queryClient = useQueryClient()
  const initial: Draft = { markdown: article.markdown, metaTitle: article.metaTitle, metaDescription: article.metaDescription }
  const [draft, setDraft] = useState<Draft>(initial)
  const [saved, setSaved] = useState<Draft>(initial)
  const [revision, setRevision] = useState(article.revision)
  const [state, setState] = useState<SaveState>({ kind: 'saved', at: null })
  const [conflict, setConflict] = useState<string | null>(null)
  const preview = useDraftPreview(businessId, article, initial)
  // The text as last typed, for the debounced save (set where it changes, not during render).
  const latest = useRef(initial)
  const dirty = !sameDraft(draft, saved)

  const save = useMutation(
    orpc.article.save.mutationOptions({
      onMutate: () => setState({ kind: 'saving' }),
      onSuccess: (result, sent) => {
        setRevision(result.revision)
        setSaved({ markdown: sent.markdown, metaTitle: sent.metaTitle, metaDescription: sent.metaDescription })
        setState({ kind: 'saved', at: new Date(result.savedAt) })
        void queryClient.invalidateQueries({ queryKey: orpc.article.key() })
      },
      onError: (error) => {
        if (errorCode(error) === 'CONFLICT') setConflict(errorMessage(error))
        setState({ kind: 'failed', message: errorMessage(error) })
      },
    }),
  )
  const saveNow = useCallback(() => {
    const current = latest.current
    if (conflict || save.isPending) return
    if (current.metaTitle.trim().length === 0 || current.metaTitle.length > META_TITLE_MAX) return
    if (current.metaDescription.trim().length === 0 || current.metaDescription.length > META_DESCRIPTION_MAX) return
    save.mutate({ businessId, articleId: article.id, revision, ...current })
  }, [article.id, businessId, conflict, revision, save])
  const scheduleSave = useDebouncedCallback(() => saveNow(), AUTOSAVE_DELAY_MS)

  // A newer revision from elsewhere (a regeneration, a restore, a publish) replaces the text only
  // while nothing here is unsaved; otherwise the next save is refused and offers a reload. The
  // editor's own saves come back with the revision it already holds and change nothing.
  const takeOver = (from: Article) => {
    const next: Draft = { markdown: from.markdown, metaTitle: from.metaTitle, metaDescription: from.metaDescription }
    setDraft(next)
    setSaved(next)
    setRevision(from.revision)
    preview.reset()
  }
  if (article.revision > revision && !dirty && !save.isPending) takeOver(article)
  useEffect(() => {
    latest.current = draft
  }, [draft])
  // After a refused save: the latest version replaces the text here (the user chose to).
  const reload = async () => {
    const fresh = await onReload()
    if (!fresh) return
    takeOver(fresh)
    setConflict(null)
    setState({ kind: 'saved', at: null })
  }

  // A save that finished while more was typed: the rest follows.
  useEffect(() => {
    if (!save.isPending && dirty && state.kind === 'saved') scheduleSave.run()
  }, [save.isPending, dirty, state.kind, scheduleSave])

  // Leaving the page with unsaved text asks first.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const change = (patch: Partial<Draft>) => {
    const next = { ...latest.current, ...patch }
    latest.current = next
    setDraft(next)
    if (state.kind !== 'saving') setState({ kind: 'dirty' })
    preview.schedule(next)
    scheduleSave.run()
  }
  return { draft, dirty, state, conflict, saving: save.isPending, saveNow, reload, change, preview }
}

/**
 * The article's editor: Markdown (the title is its "# " line) and the meta fields beside a live
 * preview as it will be published, with the SEO score recomputed by the server as you type.
 * Changes save themselves after a pause (or with Save / Ctrl+S) over the revision the editor
 * started from; when the article changed elsewhere meanwhile the save is refused and the text
 * stays here to copy.
 */
export function ArticleEditor({
  businessId,
  article,
  onReload,
  showHtml = (html) => html,
}: {
  businessId: string
  article: Article
  /** Fetches the article's latest version (after a refused save). */
  onReload: () => Promise<Article | undefined>
  /** How the preview shows the article's HTML (demo mode swaps a simulated video for its stand-in). */
  showHtml?: (html: string) => string
}) {
  const editor = useArticleDraft(businessId, article, onReload)
  const { draft, conflict, change, preview } = editor
  const { shown } = preview
  const failing = shown.seoChecks.filter((check) => !check.passed).length

  return (
    <div
      className="grid min-w-0 gap-4"
      onKeyDown={(event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
          event.preventDefault()
          editor.saveNow()
        }
      }}
    >
      {conflict && (
        <Alert variant="destructive" role="alert">
          <AlertTitle>Not saved: the article changed elsewhere</AlertTitle>
          <AlertDescription className="grid gap-2">
            <span>{conflict}</span>
            <span>
              <Button variant="outline" size="sm" onClick={() => void editor.reload()}>
                Reload the latest version
              </Button>
            </span>
          </AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status" data-testid="save-state">
          {saveStateText(editor.state)}
        </p>
        <div className="flex items-center gap-3">
          <a href="#seo-score" className="text-sm text-muted-foreground hover:text-foreground" data-testid="live-score">
            SEO score <SeoScoreBadge score={shown.seoScore} />
            {failing > 0 && ` · ${failing} to fix`}
          </a>
          <Button size="sm" onClick={editor.saveNow} disabled={!editor.dirty || editor.saving || Boolean(conflict)}>
            Save
          </Button>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <MetaField
          id="meta-title"
          label="Meta title"
          value={draft.metaTitle}
          max={META_TITLE_MAX}
          error={metaError(draft.metaTitle, META_TITLE_MAX, 'meta title')}
          onChange={(metaTitle) => change({ metaTitle })}
        />
        <MetaField
          id="meta-description"
          label="Meta description"
          value={draft.metaDescription}
          max={META_DESCRIPTION_MAX}
          error={metaError(draft.metaDescription, META_DESCRIPTION_MAX, 'meta description')}
          onChange={(metaDescription) => change({ metaDescription })}
        />
      </div>
      <EditorPanes
        markdown={draft.markdown}
        onMarkdownChange={(markdown) => change({ markdown })}
        html={showHtml(shown.html)}
        previewError={preview.error}
        previewFetching={preview.fetching}
      />
      <div id="seo-score" className="scroll-mt-4">
        <SeoScorePanel score={shown.seoScore} checks={shown.seoChecks} live />
      </div>
    </div>
  )
}

/** The Markdown beside its preview; on phones one pane at a time. */
function EditorPanes({
  markdown,
  onMarkdownChange,
  html,
  previewError,
  previewFetching,
}: {
  markdown: string
  onMarkdownChange: (markdown: string) => void
  html: string
  previewError: string | null
  previewFetching: boolean
}) {
  const [pane, setPane] = useState<'write' | 'preview'>('write')
  return (
    <>
      {/* Phones: one pane at a time. */}
      <div role="tablist" aria-label="Editor pane" className="inline-flex w-fit gap-1 rounded-lg border border-border p-1 lg:hidden">
        {(['write', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={pane === name}
            onClick={() => setPane(name)}
            className={cn(
              'rounded-md px-3 py-1 text-sm font-medium capitalize',
              pane === name ? 'bg-muted text-foreground' : 'text-muted-foreground',
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <div className={cn('min-w-0', pane !== 'write' && 'hidden lg:block')}>
          <Label htmlFor="article-markdown" className="sr-only">
            Article (Markdown)
          </Label>
          <textarea
            id="article-markdown"
            value={markdown}
            spellCheck
            onChange={(event) => onMarkdownChange(event.target.value)}
            className="h-[70vh] min-h-96 w-full resize-y rounded-lg border border-input bg-background p-3 font-mono text-sm leading-6 text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        <div className={cn('grid min-w-0 content-start gap-4', pane !== 'preview' && 'hidden lg:grid')}>
          {previewError && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{previewError}</AlertDescription>
            </Alert>
          )}
          <div
            className={cn(
              'h-[70vh] min-h-96 overflow-y-auto rounded-lg border border-border p-4',
              previewFetching && 'opacity-80 transition-opacity',
            )}
            aria-label="Preview"
          >
            <div className="article-html" data-testid="editor-preview" dangerouslySetInnerHTML={{ __html: html }} />
          </div>
        </div>
      </div>
    </>
  )
}

/** A meta field with its length against the limit, and the reason it cannot be saved as it is. */
function MetaField(props: {
  id: string
  label: string
  value: string
  max: number
  error: string | null
  onChange: (value: string) => void
}) {
  const { id, label, value, max, error, onChange } = props
  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-baseline justify-between">
        <Label htmlFor={id}>{label}</Label>
        <span className={cn('text-xs tabular-nums', error ? 'text-red-300' : 'text-muted-foreground')}>
          {value.length}/{max}
        </span>
      </div>
      <Input
        id={id}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-300">
          {error}
        </p>
      )}
    </div>
  )
}
