import type { ReactNode } from 'react'
import { DataTableSkeleton } from '~/components/data-table/data-table-skeleton'
import { Badge } from '~/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { formatCount } from '../format'

/** The card titled "Keywords" with the total in a badge; the body is the table or a state. `before` goes above the card. */
export function KeywordsCardFrame({ total, before, children }: { total?: number; before?: ReactNode; children: ReactNode }) {
  const card = (
    <Card>
      {/* Narrower sides on a phone leave the table room for its key columns. */}
      <CardHeader className="flex-row items-center gap-3 max-sm:px-3">
        <CardTitle>Keywords</CardTitle>
        {total !== undefined && (
          <Badge variant="secondary" data-testid="keywords-total" aria-label={`${formatCount(total)} keywords in total`}>
            {formatCount(total)}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="max-sm:px-3">{children}</CardContent>
    </Card>
  )
  if (!before) return card
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {before}
      {card}
    </div>
  )
}

/** The card with a skeleton toolbar, header and rows while the first page loads. */
export function KeywordsTableSkeleton() {
  return (
    <KeywordsCardFrame>
      <DataTableSkeleton
        aria-label="Loading keywords"
        columnCount={9}
        rowCount={10}
        filterCount={1}
        cellWidths={['2.5rem', '16rem', '7rem', '7rem', '6rem', '6rem', '8rem', '9rem', '9rem']}
      />
    </KeywordsCardFrame>
  )
}
