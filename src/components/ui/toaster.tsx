import { Toaster as Sonner } from 'sonner'

/** The app's one toast outlet (spec §4 variants: default, success, error, warning). */
export function Toaster() {
  return (
    <Sonner
      theme="dark"
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'bg-card text-card-foreground border border-border',
          success: '!border-success/60',
          error: '!border-destructive/60',
          warning: '!border-warning/60',
        },
      }}
    />
  )
}
