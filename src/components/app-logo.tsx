import { Link } from '@tanstack/react-router'
import { cn } from '~/lib/utils'

/** The product mark: a violet tile and the app name, linking home. */
export function AppLogo({ appName, to = '/', className }: { appName: string; to?: '/' | '/content'; className?: string }) {
  return (
    <Link to={to} className={cn('flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span aria-hidden="true" className="grid size-7 place-items-center rounded-md bg-primary text-sm font-bold text-primary-foreground">
        {appName.charAt(0).toUpperCase()}
      </span>
      <span>{appName}</span>
    </Link>
  )
}
