import { Link } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { BusinessSettings } from '~/shared/settings'
import { seedsInput } from '~/shared/setup-wizard'
import { SaveFooter, TextareaField } from './fields'
import { linesToList, listToLines } from './form-errors'
import { useUpdateSeeds } from './use-save-settings'
import { useSettingsDraft } from './use-settings-draft'

const FIELD_ORDER = ['seeds'] as const
const fieldId = () => 'research-seeds'

/**
 * The seed keywords setup's analysis proposed (docs/product/pipeline.md), with step 1's rule. Research
 * also reads the competitors' keywords: they are managed on /competitors.
 */
export function SeedsForm({ settings }: { settings: BusinessSettings }) {
  const { draft, setDraft, errors, showErrors, change, validate, dirty, reset } = useSettingsDraft(
    { seeds: listToLines(settings.seeds) },
    FIELD_ORDER,
    fieldId,
  )
  const save = useUpdateSeeds(showErrors)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = validate(seedsInput, { seeds: linesToList(draft.seeds) })
    if (!input) return
    save.mutate(input, { onSuccess: (saved) => setDraft({ seeds: listToLines(saved.seeds) }) })
  }

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate aria-labelledby="seeds-title">
        <CardHeader>
          <CardTitle id="seeds-title">Research seeds</CardTitle>
          <CardDescription>
            Where keyword research starts, with your services and your competitors’ keywords. A change is used by the next research run;
            keywords already planned stay.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TextareaField
            id={fieldId()}
            name="seeds"
            label="Seed keywords"
            rows={5}
            hint="One per line, at most 30."
            value={draft.seeds}
            error={errors.seeds}
            onChange={(event) => change('seeds', event.target.value)}
          />
          <p className="text-sm text-muted-foreground">
            Research also reads the keywords your competitors rank for.{' '}
            <Link to="/competitors" className="font-medium text-foreground underline underline-offset-4">
              Manage competitors
            </Link>
          </p>
        </CardContent>
        <SaveFooter dirty={dirty} pending={save.isPending} onReset={reset} saveLabel="Save seed keywords" />
      </form>
    </Card>
  )
}
