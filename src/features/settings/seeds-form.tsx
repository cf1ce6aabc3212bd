import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import type { BusinessSettings } from '~/shared/settings'
import { seedsInput } from '~/shared/setup-wizard'
import { SaveFooter, TextareaField } from './fields'
import { fieldErrorsOf, linesToList, listToLines, type FieldErrors } from './form-errors'
import { useUpdateSeeds } from './use-save-settings'

const FIELD_ID = 'research-seeds'

/**
 * The seed keywords setup's analysis proposed (docs/product/pipeline.md), with step 1's rule. Research
 * also reads the competitors' keywords: they are managed on /competitors.
 */
export function SeedsForm({ settings }: { settings: BusinessSettings }) {
  const baseline = listToLines(settings.seeds)
  const [text, setText] = useState(baseline)
  const [errors, setErrors] = useState<FieldErrors>({})
  const showErrors = (next: FieldErrors) => {
    setErrors(next)
    if (next.seeds) document.getElementById(FIELD_ID)?.focus()
  }
  const save = useUpdateSeeds(showErrors)
  const dirty = text !== baseline

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = seedsInput.safeParse({ seeds: linesToList(text) })
    if (!parsed.success) return showErrors(fieldErrorsOf(parsed.error))
    setErrors({})
    save.mutate(parsed.data, { onSuccess: (saved) => setText(listToLines(saved.seeds)) })
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
            id={FIELD_ID}
            name="seeds"
            label="Seed keywords"
            rows={5}
            hint="One per line, at most 30."
            value={text}
            error={errors.seeds}
            onChange={(event) => {
              setText(event.target.value)
              setErrors({})
            }}
          />
          <p className="text-sm text-muted-foreground">
            Research also reads the keywords your competitors rank for.{' '}
            <Link to="/competitors" className="font-medium text-foreground underline underline-offset-4">
              Manage competitors
            </Link>
          </p>
        </CardContent>
        <SaveFooter
          dirty={dirty}
          pending={save.isPending}
          onReset={() => {
            setText(baseline)
            setErrors({})
          }}
          saveLabel="Save seed keywords"
        />
      </form>
    </Card>
  )
}
