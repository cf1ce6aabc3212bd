import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { ChevronsUpDownIcon, LogOutIcon, SettingsIcon } from 'lucide-react'
import { toast } from '~/lib/toast'
import { Avatar, AvatarFallback, AvatarImage, initialsOf } from '~/components/ui/avatar'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu'
import { authClient, authErrorMessage } from '~/lib/auth-client'
import { cn } from '~/lib/utils'

const appRoute = getRouteApi('/_app')

/**
 * The signed-in user's menu. `compact` shows only the avatar (the small-screen top bar); the
 * sidebar shows name and email too.
 */
export function AccountMenu({ compact = false, showSettings = true }: { compact?: boolean; showSettings?: boolean }) {
  const { user } = appRoute.useRouteContext()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  async function signOut() {
    const result = await authClient.signOut()
    if (result.error) {
      toast.error('Could not sign out', { description: authErrorMessage(result.error) })
      return
    }
    // Drop the previous user's cached data before anyone else signs in on this tab.
    queryClient.clear()
    await navigate({ to: '/' })
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className={cn(
          'flex min-w-0 items-center gap-3 rounded-md text-left text-sm transition-colors hover:bg-accent data-[state=open]:bg-accent',
          compact ? 'p-1' : 'w-full p-2',
        )}
      >
        <Avatar>
          {user.image && <AvatarImage src={user.image} alt="" />}
          <AvatarFallback>{initialsOf(user.name)}</AvatarFallback>
        </Avatar>
        {!compact && (
          <>
            <span className="grid min-w-0 flex-1">
              <span className="truncate font-medium">{user.name}</span>
              <span className="truncate text-xs text-muted-foreground">{user.email}</span>
            </span>
            <ChevronsUpDownIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" side={compact ? 'bottom' : 'top'} className="w-60">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-medium">{user.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {showSettings && (
          <DropdownMenuItem onSelect={() => navigate({ to: '/settings' })}>
            <SettingsIcon aria-hidden="true" />
            Settings
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={signOut}>
          <LogOutIcon aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
