import { useQuery } from '@tanstack/react-query'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { boardsQueryOptions } from '../establishments.queries'
import { BoardList } from './board-list'

const PAGE = { 1: PLACEHOLDER_PAGES.dashboardRfi, 2: PLACEHOLDER_PAGES.dashboardFeedlot } as const

/** A dashboard page: the establishment's boards of one type (1 RFI, 2 feedlot). */
export function BoardsPage({
  establishmentId,
  dashboardTypeId,
}: {
  establishmentId: number
  dashboardTypeId: 1 | 2
}) {
  const { data, isPending } = useQuery(boardsQueryOptions(establishmentId, dashboardTypeId))
  return (
    <PlaceholderPage {...PAGE[dashboardTypeId]}>
      <BoardList boards={data} loading={isPending} />
    </PlaceholderPage>
  )
}
