import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '~/lib/utils'

const alertVariants = cva(
  'flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground',
        destructive: 'border-destructive/50 bg-destructive/10 text-red-200 [&>svg]:text-red-400',
        success: 'border-success/50 bg-success/10 text-green-200 [&>svg]:text-green-400',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export interface AlertProps extends ComponentProps<'div'>, VariantProps<typeof alertVariants> {
  icon?: ReactNode
}

/**
 * A message box. Pass `role="alert"` for errors that must be announced as they appear
 * (form submissions); informational banners keep the quieter `role="status"`.
 */
export function Alert({ className, variant, role = 'status', icon, children, ...props }: AlertProps) {
  return (
    <div role={role} className={cn(alertVariants({ variant }), className)} {...props}>
      {icon}
      <div className="grid min-w-0 gap-0.5">{children}</div>
    </div>
  )
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('font-medium', className)} {...props} />
}

export function AlertDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('opacity-90', className)} {...props} />
}
