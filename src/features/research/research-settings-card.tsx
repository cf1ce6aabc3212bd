import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { ErrorPanel } from '~/components/fallbacks/error-panel'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { orpc } from '~/lib/orpc'
import { toast } from '~/lib/toast'

const termsOf = (text: string) =>
  text
    .split(/[\n,]+/)
    .map((term) => term.trim())
    .filter(Boolean)

/**
 * Settings → Keyword research: negative keywords (research never plans a keyword containing one)
 * and the keywords excluded for good, each of which can be allowed again.
 */
export function ResearchSettingsCard({ businessId }: { businessId: string }) {
  const query = useQuery(orpc.research.exclusions.queryOptions({ input: { businessId } }))
  return (
    <Card>
      <CardHeader>
        <CardTitle>Keyword research</CardTitle>
        <CardDescription>What research leaves out of your plan.</CardDescription>
      </CardHeader>
      <CardContent>
        {query.data ? (
          <ExclusionsForm key={query.data.negativeKeywords.join('\n')} businessId={businessId} data={query.data} />
        ) : query.isError ? (
          <ErrorPanel title="Could not load your keyword research settings" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Skeleton className="h-32 w-full" />
        )}
      </CardContent>
    </Card>
  )
}

function ExclusionsForm({
  businessId,
  data,
}: {
  businessId: string
  data: { negativeKeywords: string[]; excluded: Array<{ id: string; keyword: string }> }
}) {
  const queryClient = useQueryClient()
  const fieldId = useId()
  const [text, setText] = useState(data.negativeKeywords.join('\n'))
  const queryKey = orpc.research.exclusions.queryKey({ input: { businessId } })
  const save = useMutation(
    orpc.research.setNegativeKeywords.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(queryKey, next)
        toast.success('Negative keywords saved')
      },
    }),
  )
  const allow = useMutation(
    orpc.research.allowKeyword.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(queryKey, next)
        toast.success('Research may plan it again')
      },
    }),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ businessId, negativeKeywords: termsOf(text) })
  }
  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-2">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Negative keywords
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={4}
          placeholder={'free\njobs'}
          aria-describedby={`${fieldId}-hint`}
          className="w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring/50"
        />
        <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
          One per line. A keyword containing one of these words (singular or plural) is never planned.
        </p>
        <div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save negative keywords'}
          </Button>
        </div>
      </form>
      <section className="grid gap-2" aria-label="Excluded keywords">
        <h3 className="text-sm font-medium">Excluded keywords</h3>
        {data.excluded.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            None. Exclude keywords on the Keywords screen: select rows and choose Exclude, or open a keyword’s “Why” panel.
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border">
            {data.excluded.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>{item.keyword}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={allow.isPending}
                  onClick={() => allow.mutate({ businessId, id: item.id })}
                  aria-label={`Allow “${item.keyword}” again`}
                >
                  Allow again
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
