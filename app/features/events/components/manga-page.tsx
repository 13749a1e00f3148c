import { useQuery, useQueryClient } from '@tanstack/react-query'
import { PlusIcon } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { DataTable } from '~/components/data-table/data-table'
import type { FilterOption, TableViewState } from '~/components/data-table/data-table.types'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { toast } from '~/components/ui/toaster'
import { AlertsAction } from '~/features/alerts/components/alerts-action'
import { EventsAction } from '~/features/animal-moves/components/events-action'
import { AddAnimalMenu, type BulkPanelProps } from '~/features/animals/components/add-animal-menu'
import { CreateAnimalDialog } from '~/features/animals/components/animal-record-dialogs'
import { sessionHeadersQueryOptions } from '~/features/cattle-handling/cattle-handling.queries'
import type { SessionHeader } from '~/features/cattle-handling/cattle-handling.schema'
import { frameworkQueryOptions } from '~/features/establishments/establishments.queries'
import { formatDate, formatNumber } from '~/lib/format'
import { refreshLists } from '~/lib/lists'
import { EVENT_KIND_INFO, EVENT_KINDS, type EventKind, WEIGHING_DELETE_MESSAGES } from '../event-kinds'
import { deleteWeighingFn } from '../events.functions'
import { eventKeys, eventListQueryOptions, fetchEvents } from '../events.queries'
import { apiQueryFromEventView, EVENT_FILTERS, EVENT_PER_PAGE_OPTIONS } from '../events.view'
import { EVENTS_MAX_PER_PAGE, type EventRowByKind, type WeighingRow } from '../events-list.schema'
import { type EventEdit, editOfRow } from '../record-values'
import { EVENT_COLUMNS, EVENT_ROW_ID } from './event-columns'
import { EventRecordContainer } from './event-record-container'
import { MangaTabs } from './manga-tabs'
import { NewSessionAction } from './new-session-action'

// Chute mode's offline machinery (IndexedDB, the service worker, the outbox) loads with the Manga
// page's own chunk after it renders, never with the shell (decision 040).
const ChuteOfflineBar = lazy(() =>
  import('~/features/offline/components/chute-offline-bar').then((module) => ({
    default: module.ChuteOfflineBar,
  })),
)

export interface MangaPageProps<K extends EventKind> {
  establishmentId: number
  establishmentName: string
  /** The table shown (the route says which). */
  kind: K
  view: TableViewState
  onViewChange: (view: TableViewState, options?: { replace?: boolean }) => void
  /**
   * The bulk upload panel of a kind (issue 8), shown as its record dialog's 'Masivo' tab, into the
   * session the dialog fixed if it fixed one. Given only to those who may use it (spec section 6).
   */
  renderEventBulkPanel?: (kind: EventKind, fixedSession: SessionHeader | undefined) => ReactNode
  /** The animals' bulk upload panel, the toolbar's 'Agregar nuevo animal' → 'Masivo' (likewise). */
  renderAnimalBulkPanel?: (props: BulkPanelProps) => ReactNode
}

type RecordTarget = { kind: EventKind; editing?: EventEdit; fixedSession?: SessionHeader }

/**
 * Manga (spec section 2): the establishment's inseminations, pregnancy checks, pre-services and
 * weighings in four tables reached by tabs (each table's view in the URL), and the buttons that open
 * 'Nueva Sesión' and the four record forms.
 */
export function MangaPage<K extends EventKind>(props: MangaPageProps<K>) {
  const { establishmentId, establishmentName, kind, renderEventBulkPanel } = props
  const queryClient = useQueryClient()
  const [record, setRecord] = useState<RecordTarget | null>(null)
  const [removing, setRemoving] = useState<WeighingRow | null>(null)
  // An unknown tag at the chute: the animal create form (issue 5) over the record form; the promise
  // answers the new animal's tag (the record form then picks it) or null when none was created.
  const [creatingAnimal, setCreatingAnimal] = useState<{
    tag: string
    resolve: (tag: string | null) => void
  } | null>(null)
  const onCreateAnimal = useCallback(
    (tag: string) => new Promise<string | null>((resolve) => setCreatingAnimal({ tag, resolve })),
    [],
  )
  const onEdit = useCallback(
    (row: EventRowByKind[K]) => setRecord({ kind, editing: editOfRow(kind, row) }),
    [kind],
  )
  // A table showing one session is that session's page: a new record of its kind goes into it.
  const sessions = useQuery(sessionHeadersQueryOptions(establishmentId, EVENT_KIND_INFO[kind].work))
  const shownSessions = props.view.filters.cattle_handling
  const shownSession =
    Array.isArray(shownSessions) && shownSessions.length === 1
      ? sessions.data?.find((session) => String(session.id) === shownSessions[0])
      : undefined

  return (
    <Stack gap="4">
      <HStack justify="space-between" alignItems="flex-start" flexWrap="wrap" gap="3">
        <div>
          <styled.h1 textStyle="2xl" fontWeight="bold">
            Manga
          </styled.h1>
          <styled.p color="fg.muted">Sesiones de trabajo de {establishmentName}.</styled.p>
        </div>
        <HStack gap="2" flexWrap="wrap">
          <NewSessionAction establishmentId={establishmentId} />
          {EVENT_KINDS.map((each) => (
            <Button
              key={each}
              variant={each === kind ? 'solid' : 'outline'}
              onClick={() =>
                setRecord({ kind: each, fixedSession: each === kind ? shownSession : undefined })
              }
            >
              <PlusIcon aria-hidden /> {EVENT_KIND_INFO[each].newTitle}
            </Button>
          ))}
        </HStack>
      </HStack>

      <Suspense fallback={null}>
        <ChuteOfflineBar establishmentId={establishmentId} />
      </Suspense>

      <MangaTabs kind={kind} />

      <EventTable {...props} onEdit={onEdit} onDelete={kind === 'weighing' ? setRemoving : undefined} />

      {record ? (
        <EventRecordContainer
          key={`${record.kind}-${record.editing?.id ?? 'new'}`}
          open
          onOpenChange={(open) => !open && setRecord(null)}
          kind={record.kind}
          establishmentId={establishmentId}
          editing={record.editing}
          fixedSession={record.fixedSession}
          onCreateAnimal={onCreateAnimal}
          bulkPanel={renderEventBulkPanel?.(record.kind, record.fixedSession)}
          onClose={() => setRecord(null)}
        />
      ) : null}
      <CreateAnimalDialog
        // A new form for each unknown tag: the form takes its starting values once.
        key={creatingAnimal?.tag ?? 'none'}
        establishmentId={establishmentId}
        initialTag={creatingAnimal?.tag}
        open={creatingAnimal !== null}
        onOpenChange={(open) => {
          if (open) return
          // The form closes before it reports the new animal: answer null only if nothing came.
          const pending = creatingAnimal
          setCreatingAnimal(null)
          queueMicrotask(() => pending?.resolve(null))
        }}
        onCreated={(animal) => creatingAnimal?.resolve(animal.visual_tag)}
      />
      <DeleteWeighingDialog
        row={removing}
        onClose={() => setRemoving(null)}
        onDeleted={() => void refreshLists(queryClient)}
      />
    </Stack>
  )
}

interface EventTableProps<K extends EventKind> extends MangaPageProps<K> {
  onEdit: (row: EventRowByKind[K]) => void
  onDelete?: (row: WeighingRow) => void
}

/** One kind's table: the shared data table, paged and filtered by the provider. */
function EventTable<K extends EventKind>({
  establishmentId,
  kind,
  view,
  onViewChange,
  onEdit,
  onDelete,
  renderAnimalBulkPanel,
}: EventTableProps<K>) {
  const queryClient = useQueryClient()
  const info = EVENT_KIND_INFO[kind]
  const apiQuery = apiQueryFromEventView(view)
  const list = useQuery(eventListQueryOptions(establishmentId, kind, apiQuery))
  const framework = useQuery(frameworkQueryOptions(establishmentId))
  const sessions = useQuery(sessionHeadersQueryOptions(establishmentId, info.work))
  const rows = list.data?.data ?? []

  const columns = useMemo(
    () =>
      EVENT_COLUMNS[kind]({
        onEdit,
        onDelete: onDelete
          ? (row) => {
              if ('weighing_id' in row) onDelete(row)
            }
          : undefined,
      }),
    [kind, onEdit, onDelete],
  )

  const filterOptions = useMemo(() => {
    const options = (items: { id: number; description: string }[] | undefined): FilterOption[] | undefined =>
      items?.map((item) => ({ value: String(item.id), label: item.description }))
    const general = framework.data?.general
    const own = framework.data?.establishment
    return {
      cattle_handling: sessions.data?.map((s) => ({ value: String(s.id), label: s.name })),
      category: options(general?.animal_types),
      rodeo: options(own?.rodeo),
      bull: own?.bulls.map((bull) => ({ value: String(bull.bull_id), label: bull.alias })),
      inseminator: own?.inseminators.map((person) => ({
        value: String(person.inseminator_id),
        label: `${person.first_name} ${person.last_name}`.trim(),
      })),
      pregnancy_check_detail: options(general?.pregnancy_check_details),
      reproductive_grade: options(general?.rdg),
      ovarian_status: options(general?.ovarian_status),
      weighing_time: options(general?.weighing_time),
    }
  }, [framework.data, sessions.data])

  const selectedAnimals = useSelectedEventAnimals(establishmentId, kind, view.selected, rows)

  return (
    <DataTable
      label={info.pluralLower}
      // The file is named like the tab: 'diag-gestacion-insights.xlsx', 'pesadas-insights.xlsx'.
      exportLabel={info.plural}
      columns={columns}
      rows={rows}
      getRowId={(row) => String(EVENT_ROW_ID[kind](row))}
      getRowLabel={(row) => row.visible_tag}
      total={list.data?.meta.total ?? 0}
      loading={list.isFetching}
      error={list.isError ? `No se pudo obtener la lista de ${info.pluralLower}` : undefined}
      state={view}
      onStateChange={onViewChange}
      filters={EVENT_FILTERS[kind]}
      filterOptions={filterOptions}
      perPageOptions={[...EVENT_PER_PAGE_OPTIONS]}
      onReload={() => void queryClient.invalidateQueries({ queryKey: eventKeys.kind(establishmentId, kind) })}
      exportRows={async (ids) => {
        const found: EventRowByKind[K][] = []
        for (let start = 0; start < ids.length; start += EVENTS_MAX_PER_PAGE) {
          const chunk = ids.slice(start, start + EVENTS_MAX_PER_PAGE)
          const page = await fetchEvents(establishmentId, kind, {
            ids: chunk.join(','),
            perPage: EVENTS_MAX_PER_PAGE,
          })
          found.push(...page.data)
        }
        return found
      }}
      toolbarActions={
        <>
          <AlertsAction establishmentId={establishmentId} selectedIds={selectedAnimals.ids} />
          <EventsAction
            establishmentId={establishmentId}
            selectedIds={selectedAnimals.ids}
            knownTags={selectedAnimals.tags}
          />
          <AddAnimalMenu establishmentId={establishmentId} renderBulkPanel={renderAnimalBulkPanel} />
        </>
      }
    />
  )
}

/**
 * The animals of the selected event rows, for the toolbar's animal actions (alerts, rodeo and
 * category changes): from the rows on screen, and for rows selected on other pages from the list
 * endpoint's `ids` filter — only while some are missing.
 */
function useSelectedEventAnimals<K extends EventKind>(
  establishmentId: number,
  kind: K,
  selected: readonly string[],
  rows: readonly EventRowByKind[K][],
) {
  const onScreen = useMemo(
    () =>
      new Map(
        rows.map((row) => [String(EVENT_ROW_ID[kind](row)), { id: row.animal_id, tag: row.visible_tag }]),
      ),
    [rows, kind],
  )
  const missing = selected.filter((id) => !onScreen.has(id)).slice(0, 1000)
  const others = useQuery({
    queryKey: [...eventKeys.kind(establishmentId, kind), 'selection', missing],
    enabled: missing.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const found = new Map<string, { id: string; tag: string }>()
      for (let start = 0; start < missing.length; start += EVENTS_MAX_PER_PAGE) {
        const chunk = missing.slice(start, start + EVENTS_MAX_PER_PAGE)
        const page = await fetchEvents(establishmentId, kind, {
          ids: chunk.join(','),
          perPage: EVENTS_MAX_PER_PAGE,
        })
        for (const row of page.data)
          found.set(String(EVENT_ROW_ID[kind](row)), { id: row.animal_id, tag: row.visible_tag })
      }
      return found
    },
  })
  return useMemo(() => {
    const tags = new Map<string, string>()
    for (const id of selected) {
      const animal = onScreen.get(id) ?? others.data?.get(id)
      if (animal) tags.set(animal.id, animal.tag)
    }
    return { ids: [...tags.keys()], tags }
  }, [selected, onScreen, others.data])
}

/** Confirms and deletes a weighing (spec: DELETE /v2/weighings/{id}), on the version shown. */
function DeleteWeighingDialog({
  row,
  onClose,
  onDeleted,
}: {
  row: WeighingRow | null
  onClose: () => void
  onDeleted: () => void
}) {
  async function remove() {
    if (!row) return
    try {
      const result = await deleteWeighingFn({ data: { id: row.weighing_id, version: row.version } })
      if (result.ok) {
        toast.success(WEIGHING_DELETE_MESSAGES.success)
        onDeleted()
        onClose()
      } else {
        toast.error(WEIGHING_DELETE_MESSAGES.error, { description: result.error })
      }
    } catch {
      toast.error(WEIGHING_DELETE_MESSAGES.error, { description: 'Error desconocido' })
    }
  }
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      tone="danger"
      title="¿Eliminar la pesada?"
      description={
        row
          ? `Se eliminará la pesada de ${row.visible_tag} del ${formatDate(row.current_weight_date)} (${formatNumber(row.current_weight, 1)} kg). Los últimos pesos y ganancias del animal se recalculan.`
          : ''
      }
      confirmLabel="Eliminar"
      busyLabel="Eliminando..."
      onConfirm={remove}
    />
  )
}
