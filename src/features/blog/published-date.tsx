import { formatLongDate } from './format-date'

export function PublishedDate({ isoDate, className }: { isoDate: string; className?: string }) {
  return (
    <time dateTime={isoDate} className={className}>
      {formatLongDate(isoDate)}
    </time>
  )
}
