import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { stack } from 'styled-system/patterns'
import { DataTable } from '~/components/data-table/data-table'
import type { FilterOption, TableViewState } from '~/components/data-table/data-table.types'
import { AlertsAction } from '~/features/alerts/components/alerts-action'
import { EventsAction } from '~/features/animal-moves/components/events-action'
import { listAnimalsFn } from '../animals.functions'
import { MAX_PER_PAGE } from '../animals.list-params'
import { animalFilterOptionsQueryOptions, animalListQueryOptions } from '../animals.queries'
import {
  ANIMAL_FILTERS,
  ANIMALS_EXPORT_PATH,
  apiQueryFromView,
  exportSearchParams,
  PER_PAGE_OPTIONS,
  viewNeedsFilterOptions,
} from '../animals.view'
import { AddAnimalMenu, type BulkPanelProps } from './add-animal-menu'
import { ANIMAL_COLUMNS } from './animal-columns'

export interface AnimalsPageProps {
  establishmentId: number
  establishmentName: string
  view: TableViewState
  onViewChange: (view: TableViewState, options?: { replace?: boolean }) => void
  /**
   * The bulk animal upload panel (issue 8), offered as 'Masivo' in 'Agregar nuevo animal'; pass it
   * only to those who may use it (`canBulkCreate`, spec section 6).
   */
  renderBulkPanel?: (props: BulkPanelProps) => ReactNode
}

/**
 * Animales: the herd as a table (spec section 2). The view lives in the URL (the route passes it);
 * the rows come a page at a time from the provider.
 */
export function AnimalsPage({
  establishmentId,
  establishmentName,
  view,
  onViewChange,
  renderBulkPanel,
}: AnimalsPageProps) {
  const queryClient = useQueryClient()
  const apiQuery = apiQueryFromView(view)
  const list = useQuery(animalListQueryOptions(establishmentId, apiQuery))
  // The options scan the whole herd (~100 ms at 100,000 animals): loaded when the person reaches for
  // the filters, or at once when a chosen filter must show its option's name (decision 041).
  const [optionsWanted, setOptionsWanted] = useState(false)
  const options = useQuery({
    ...animalFilterOptionsQueryOptions(establishmentId),
    enabled: optionsWanted || viewNeedsFilterOptions(view),
  })
  const knownTags = useMemo(
    () => new Map((list.data?.data ?? []).map((row) => [row.animal_id, row.visual_tag])),
    [list.data],
  )

  const filterOptions = useMemo(() => {
    const toOptions = (
      items: { id: number; description: string; count: number }[] | undefined,
    ): FilterOption[] | undefined =>
      items?.map((item) => ({ value: String(item.id), label: `${item.description} (${item.count})` }))
    const data = options.data
    return {
      category: toOptions(data?.animal_types),
      rodeo: toOptions(data?.rodeos),
      breed: toOptions(data?.breeds),
      color: toOptions(data?.colors),
      gender: toOptions(data?.sexes),
      check_in_type: toOptions(data?.check_in_types),
    }
  }, [options.data])

  return (
    <div className={pageClass}>
      <div>
        <h1 className={titleClass}>Animales</h1>
        <p className={subtitleClass}>Rodeo de cría de {establishmentName}.</p>
      </div>
      <DataTable
        label="animales"
        columns={ANIMAL_COLUMNS}
        rows={list.data?.data ?? []}
        getRowId={(row) => row.animal_id}
        getRowLabel={(row) => row.visual_tag}
        total={list.data?.meta.total ?? 0}
        loading={list.isFetching}
        error={list.isError ? 'No se pudo obtener la lista de animales' : undefined}
        state={view}
        onStateChange={onViewChange}
        filters={ANIMAL_FILTERS}
        filterOptions={filterOptions}
        onFilterOptionsWanted={() => setOptionsWanted(true)}
        perPageOptions={[...PER_PAGE_OPTIONS]}
        onReload={() => {
          void queryClient.invalidateQueries({
            queryKey: animalListQueryOptions(establishmentId, apiQuery).queryKey,
          })
          // Refetched only where it is in use; otherwise marked stale for when it is wanted.
          void queryClient.invalidateQueries({
            queryKey: animalFilterOptionsQueryOptions(establishmentId).queryKey,
          })
        }}
        exportRows={async (ids) => {
          const rows = []
          for (let start = 0; start < ids.length; start += MAX_PER_PAGE) {
            const chunk = ids.slice(start, start + MAX_PER_PAGE)
            const page = await listAnimalsFn({
              data: {
                establishmentId,
                query: { ids: chunk.join(','), perPage: MAX_PER_PAGE, status: 'todos' },
              },
            })
            rows.push(...page.data)
          }
          return rows
        }}
        exportFile={async (selection, columnIds) => {
          // Built and streamed by the server: the page never holds 100,000 rows (docs/decisions/016).
          const params = exportSearchParams(establishmentId, view, selection, columnIds)
          const response = await fetch(`${ANIMALS_EXPORT_PATH}?${params}`)
          if (!response.ok) throw new Error(`Exportación fallida (${response.status})`)
          return response.blob()
        }}
        toolbarActions={
          <>
            <AlertsAction establishmentId={establishmentId} selectedIds={view.selected} />
            <EventsAction
              establishmentId={establishmentId}
              selectedIds={view.selected}
              knownTags={knownTags}
            />
            <AddAnimalMenu establishmentId={establishmentId} renderBulkPanel={renderBulkPanel} />
          </>
        }
      />
    </div>
  )
}

// Classes computed once, not by styled components on every render of the page (decision 050).
const pageClass = stack({ gap: '4' })
const titleClass = css({ textStyle: '2xl', fontWeight: 'bold' })
const subtitleClass = css({ color: 'fg.muted' })
