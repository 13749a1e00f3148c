import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { styled } from 'styled-system/jsx'
import { useIsEstablishmentAdmin } from '~/features/boards/components/boards-dashboard'
import { rodeosQueryOptions } from '~/features/rodeos/rodeos.queries'
import { importDeliveriesFn, removePenFn, savePenFn } from '../feedlot.functions'
import { feedlotBoardQueryOptions, feedlotKeys, penDetailQueryOptions } from '../feedlot.queries'
import { FeedlotView } from './feedlot-view'
import { PenDetailView } from './pen-detail-view'

/** The built-in feedlot board, its state in the address (`corral`, `fecha`). */
export function FeedlotDashboard({
  establishmentId,
  date,
  pen,
  onChange,
}: {
  establishmentId: number
  date: string | undefined
  pen: number | undefined
  onChange: (next: { corral?: number; fecha?: string }) => void
}) {
  const canEdit = useIsEstablishmentAdmin(establishmentId)
  const queryClient = useQueryClient()
  const board = useQuery(feedlotBoardQueryOptions(establishmentId, date))
  const detail = useQuery({
    ...penDetailQueryOptions(establishmentId, pen ?? 0, date),
    enabled: pen !== undefined,
  })
  const rodeos = useQuery({ ...rodeosQueryOptions(establishmentId), enabled: canEdit })
  const savePen = useServerFn(savePenFn)
  const removePen = useServerFn(removePenFn)
  const importDeliveries = useServerFn(importDeliveriesFn)
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: feedlotKeys.establishment(establishmentId) })

  if (pen !== undefined) {
    if (detail.isPending) return <styled.p color="fg.muted">Cargando el corral…</styled.p>
    if (detail.isError) return <styled.p color="fg.error">{detail.error.message}</styled.p>
    return <PenDetailView detail={detail.data} onBack={() => onChange({ corral: undefined, fecha: date })} />
  }
  if (board.isPending) return <styled.p color="fg.muted">Cargando los corrales…</styled.p>
  if (board.isError) return <styled.p color="fg.error">{board.error.message}</styled.p>
  return (
    <FeedlotView
      board={board.data}
      onDateChange={(fecha) => onChange({ fecha })}
      onOpenPen={(corral) => onChange({ corral, fecha: date })}
      canEdit={canEdit}
      rodeos={rodeos.data ?? []}
      onSavePen={async (rodeoId, targetWeight) => {
        const result = await savePen({ data: { establishmentId, rodeoId, targetWeight } })
        if (result.ok) await refresh()
        return result
      }}
      onRemovePen={async (rodeoId) => {
        const result = await removePen({ data: { establishmentId, rodeoId } })
        if (result.ok) await refresh()
        return result
      }}
      onImportDeliveries={async (file) => {
        const form = new FormData()
        form.set('file', file)
        form.set('establishmentId', String(establishmentId))
        const outcome = await importDeliveries({ data: form })
        if (outcome.ok) await refresh()
        return outcome
      }}
    />
  )
}
