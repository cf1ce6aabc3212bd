import { FileTextIcon, LineChartIcon, HistoryIcon, KeyRoundIcon, PlugIcon, SettingsIcon, SwordsIcon, type LucideIcon } from 'lucide-react'

export interface NavItem {
  to: '/keywords' | '/content' | '/performance' | '/competitors' | '/history' | '/integrations' | '/settings'
  label: string
  icon: LucideIcon
}

/** The signed-in area's sections, in sidebar order (design.md). */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/keywords', label: 'Keywords', icon: KeyRoundIcon },
  { to: '/content', label: 'Content', icon: FileTextIcon },
  { to: '/performance', label: 'Performance', icon: LineChartIcon },
  { to: '/competitors', label: 'Competitors', icon: SwordsIcon },
  { to: '/history', label: 'History', icon: HistoryIcon },
  { to: '/integrations', label: 'Integrations', icon: PlugIcon },
  { to: '/settings', label: 'Settings', icon: SettingsIcon },
]
