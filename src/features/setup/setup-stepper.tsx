import { CheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { cn } from '~/lib/utils'
import { SETUP_STEPS, type SetupStepNumber } from '~/shared/setup-step'

/** What each step asks for (docs/product/pipeline.md), in SETUP_STEPS order. */
const STEP_DESCRIPTIONS: Record<(typeof SETUP_STEPS)[number], string> = {
  Business: 'Your business’s name, website address and a short description of what it offers.',
  Competitors: 'The websites of at least two competitors, so research finds the keywords you can win from them.',
  'Sitemap & blog': 'The address of your sitemap and of your blog, so articles link to your pages and match your posts.',
  'Language & tone': 'The language your articles are written in and the tone they take.',
  Finish: 'A last look at your answers before keyword research starts.',
}

/** The five setup steps with the current one highlighted and its form below. */
export function SetupStepper({ currentStep, children }: { currentStep: SetupStepNumber; children?: ReactNode }) {
  const currentName = SETUP_STEPS[currentStep - 1]
  return (
    <div className="grid gap-6">
      <ol aria-label="Setup steps" className="grid gap-2 sm:grid-cols-5">
        {SETUP_STEPS.map((name, index) => {
          const step = index + 1
          const state = step < currentStep ? 'done' : step === currentStep ? 'current' : 'upcoming'
          return (
            <li
              key={name}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md border px-3 py-2 text-sm sm:flex-col sm:items-start sm:gap-2',
                state === 'current' ? 'border-primary bg-primary/10' : 'border-border',
                state === 'upcoming' && 'text-muted-foreground',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold',
                  state === 'upcoming' ? 'bg-muted text-muted-foreground' : 'bg-primary text-primary-foreground',
                )}
              >
                {state === 'done' ? <CheckIcon className="size-3.5" /> : step}
              </span>
              <span className="font-medium">{name}</span>
              {state === 'done' && <span className="sr-only">(done)</span>}
            </li>
          )
        })}
      </ol>
      <Card>
        <CardHeader>
          <CardDescription>
            Step {currentStep} of {SETUP_STEPS.length}
          </CardDescription>
          <CardTitle>{currentName}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6">
          <p className="text-sm text-muted-foreground">{STEP_DESCRIPTIONS[currentName]}</p>
          {children}
        </CardContent>
      </Card>
    </div>
  )
}
