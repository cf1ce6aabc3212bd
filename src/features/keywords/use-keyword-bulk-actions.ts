import { useMutation, useQueryClient } from '@tanstack/react-query'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'
import { KEYWORD_STATUS_LABELS, type KeywordStatus } from '~/shared/keywords'
import { keywordsNoun } from './delete-keywords-dialog'
import { keywordListKey } from './keywords-queries'

/** How long the "N keywords deleted" toast, and so its Undo, stays. */
export const UNDO_TOAST_MS = 10_000

/**
 * The Keywords screen's bulk actions: change status (Archive is status archived), delete with an
 * undo toast, and the undo itself (it sends back the deleted ids; the server kept the rows).
 * `onDone` runs after each success (the screen clears the selection); every keyword list in the
 * cache is refetched. The hooks live in the screen, not in the action bar, which unmounts as soon
 * as the selection is cleared: the Undo must still work.
 */
export function useKeywordBulkActions({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient()
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: keywordListKey() })

  const setStatus = useMutation(
    orpc.keyword.setStatus.mutationOptions({
      meta: { errorMessage: 'Could not change the status' },
      onSuccess: (result, input) => {
        const what = keywordsNoun(result.updated)
        // Archiving a keyword archives its article too (docs/product/keywords-table.md, Bulk actions).
        const articles =
          result.articlesArchived === 1
            ? ', and its article'
            : result.articlesArchived > 1
              ? `, and ${result.articlesArchived} articles`
              : ''
        toast.success(input.status === 'archived' ? `${what} archived${articles}` : `${what} set to ${KEYWORD_STATUS_LABELS[input.status]}`)
        onDone()
        return refreshLists()
      },
    }),
  )

  const restore = useMutation(
    orpc.keyword.restore.mutationOptions({
      meta: { errorMessage: 'Could not restore the keywords' },
      onSuccess: (result) => {
        toast.success(`${keywordsNoun(result.restored)} restored`)
        return refreshLists()
      },
    }),
  )

  const remove = useMutation(
    orpc.keyword.delete.mutationOptions({
      meta: { errorMessage: 'Could not delete the keywords' },
      onSuccess: ({ ids }) => {
        toast(`${keywordsNoun(ids.length)} deleted`, {
          duration: UNDO_TOAST_MS,
          action: ids.length > 0 ? { label: 'Undo', onClick: () => restore.mutate({ ids }) } : undefined,
        })
        onDone()
        return refreshLists()
      },
    }),
  )

  return {
    changeStatus: (ids: string[], status: KeywordStatus) => setStatus.mutate({ ids, status }),
    archive: (ids: string[]) => setStatus.mutate({ ids, status: 'archived' }),
    delete: (ids: string[]) => remove.mutate({ ids }),
    /** Which action is running, for the buttons' spinners. */
    pending: {
      status: setStatus.isPending && setStatus.variables?.status !== 'archived',
      archive: setStatus.isPending && setStatus.variables?.status === 'archived',
      delete: remove.isPending,
    },
  }
}
export type KeywordBulkActions = ReturnType<typeof useKeywordBulkActions>
