import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import type { ReactNode } from 'react'
import { sessionQueryOptions } from '~/features/auth/auth.queries'
import { isAdminIn } from '~/features/auth/roles'
import { boardsQueryOptions, establishmentKeys } from '~/features/establishments/establishments.queries'
import { PLACEHOLDER_PAGES } from '~/features/shell/components/placeholder-page'
import { deleteBoardFn, saveBoardFn } from '../boards.functions'
import { openingBoard } from '../boards.schema'
import { BoardManager } from './board-manager'
import { DashboardPage } from './dashboard-page'

const PAGE = { 1: PLACEHOLDER_PAGES.dashboardRfi, 2: PLACEHOLDER_PAGES.dashboardFeedlot } as const

/** Whether the signed-in user administers the establishment (the API decides regardless). */
export function useIsEstablishmentAdmin(establishmentId: number) {
  const { data: session } = useQuery(sessionQueryOptions())
  return isAdminIn(session?.roles, establishmentId) || (session?.roles.isSuperAdmin ?? false)
}

/**
 * A dashboard route's page: the boards of its type (the default one first), an external board in a
 * frame or the built-in one, and their administration for administradores.
 */
export function BoardsDashboard({
  establishmentId,
  dashboardTypeId,
  boardId,
  onSelectBoard,
  builtIn,
}: {
  establishmentId: number
  dashboardTypeId: 1 | 2
  boardId: number | undefined
  onSelectBoard: (boardId: number) => void
  builtIn: ReactNode
}) {
  const { data: boards = [] } = useQuery(boardsQueryOptions(establishmentId, dashboardTypeId))
  const canEdit = useIsEstablishmentAdmin(establishmentId)
  const queryClient = useQueryClient()
  const saveBoard = useServerFn(saveBoardFn)
  const deleteBoard = useServerFn(deleteBoardFn)
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: establishmentKeys.boards(establishmentId, dashboardTypeId) })
  const selected = boards.find((b) => b.id === boardId) ?? openingBoard(boards)
  return (
    <DashboardPage
      {...PAGE[dashboardTypeId]}
      boards={boards}
      selected={selected}
      onSelect={onSelectBoard}
      builtIn={builtIn}
      manager={
        canEdit ? (
          <BoardManager
            dashboardTypeId={dashboardTypeId}
            boards={boards}
            onSave={async (board, id) => {
              const result = await saveBoard({ data: { establishmentId, boardId: id, board } })
              if (result.ok) await refresh()
              return result
            }}
            onDelete={async (id) => {
              const result = await deleteBoard({ data: { establishmentId, boardId: id } })
              if (result.ok) await refresh()
              return result
            }}
          />
        ) : undefined
      }
    />
  )
}
