import { Portal } from '@ark-ui/react/portal'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { PlusIcon, XIcon } from 'lucide-react'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { DataTable } from '~/components/data-table/data-table'
import type { FilterOption, TableViewState } from '~/components/data-table/data-table.types'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import * as Dialog from '~/components/ui/dialog'
import * as Tabs from '~/components/ui/tabs'
import { toast } from '~/components/ui/toaster'
import { animalByTagQueryOptions } from '~/features/animals/animals.queries'
import { TEMPLATES } from '~/features/bulk-upload/bulk-upload.templates'
import { BulkUploadForm } from '~/features/bulk-upload/components/bulk-upload-panel'
import { IndividualOrBulk } from '~/features/bulk-upload/components/individual-or-bulk'
import { refreshLists } from '~/lib/lists'
import {
  createRiderRecordFn,
  deleteRiderRecordFn,
  listRiderRecordsFn,
  updateRiderRecordFn,
} from '../riders.functions'
import { riderChangedKeys, riderFormOptionsQueryOptions, riderRecordsQueryOptions } from '../riders.queries'
import {
  RIDER_KIND_TEXT,
  RIDER_LIST_MAX_PER_PAGE,
  type RiderRecordKind,
  type RiderRowByKind,
} from '../riders.schema'
import {
  KIND_OF_TAB,
  RIDER_FILTERS,
  RIDER_PER_PAGE_OPTIONS,
  RIDER_TABS,
  type RiderTab,
  riderQueryOfView,
} from '../riders.view'
import { CalvingKpisLive } from './calving-kpis-section'
import { RIDER_COLUMNS } from './rider-columns'
import { RiderRecordForm, valuesOfRow } from './rider-record-form'

type Row = RiderRowByKind[RiderRecordKind]

type RiderOffline = import('~/features/offline/rider-services').RiderOfflineServices
/** The kinds a rider records without signal (the offline module's RIDER_OFFLINE_KINDS, kept out of the page's chunk). */
const offlineKind = (kind: RiderRecordKind): kind is 'births' | 'treatments' =>
  kind === 'births' || kind === 'treatments'

/**
 * The offline machinery for new calvings and treatments (decision 040), loaded when the first such
 * form opens — never with the page — and kept while the page is open: the device's snapshot for
 * the scans, the outbox for the saves, and the tables refreshed when queued records are sent. The
 * form's scans and saves wait for it (a scan right after a reload without signal must not go to
 * the server); null when it cannot load, and the form then works online as before.
 */
function useRiderOffline(establishmentId: number, refresh: () => Promise<void>) {
  const queryClient = useQueryClient()
  const [state] = useState(() => ({
    refresh,
    loading: undefined as Promise<RiderOffline | null> | undefined,
    stop: () => {},
  }))
  state.refresh = refresh
  useEffect(() => () => state.stop(), [state])
  return useCallback(() => {
    state.loading ??= (async () => {
      const [riders, { chuteOffline }, outbox] = await Promise.all([
        import('~/features/offline/rider-services'),
        import('~/features/offline/chute-offline'),
        import('~/features/offline/outbox'),
      ])
      const offline = await chuteOffline(queryClient, establishmentId)
      state.stop = outbox.onRecordsSynced(() => void state.refresh())
      // Opening the form prepares the device to work without signal (when its data is old), and
      // keeps this page for a reload without signal (the device may have been prepared elsewhere).
      offline.keepThisPage()
      void offline.prepareIfStale().catch(() => undefined)
      return riders.riderOfflineServices(offline, (tag) =>
        queryClient.fetchQuery(animalByTagQueryOptions(establishmentId, tag)),
      )
    })().catch(() => null)
    return state.loading
  }, [state, queryClient, establishmentId])
}

/** The rider records that have a Masivo template. */
const hasBulk = (kind: RiderRecordKind): kind is 'births' | 'treatments' =>
  kind === 'births' || kind === 'treatments'

export interface RiderRecordsPageProps {
  establishmentId: number
  establishmentName: string
  /**
   * Whether 'Nuevo parto' and 'Nuevo tratamiento' offer their Masivo tab (decision 036): for those
   * who may bulk-create only (`canBulkCreate`, spec section 6; the API checks again).
   */
  canBulkUpload?: boolean
  tab: RiderTab
  onTabChange: (tab: RiderTab) => void
  view: TableViewState
  onViewChange: (view: TableViewState, options?: { replace?: boolean }) => void
}

const TAB_LABEL: Record<RiderTab, string> = {
  partos: RIDER_KIND_TEXT.births.tab,
  muertes: RIDER_KIND_TEXT.deaths.tab,
  tratamientos: RIDER_KIND_TEXT.treatments.tab,
  condicion: RIDER_KIND_TEXT['body-conditions'].tab,
  notas: RIDER_KIND_TEXT.notes.tab,
  indicadores: 'Indicadores',
}

const animalTagOf = (kind: RiderRecordKind, row: Row) =>
  kind === 'births'
    ? (row as RiderRowByKind['births']).mother_visual_tag
    : (row as { visual_tag: string }).visual_tag

/**
 * Recorredores (spec section 2, issue 21): what riders record in the paddocks — births, deaths,
 * treatments, body condition and notes — one tab and table each, with the calving KPIs in
 * 'Indicadores'. Each table filters by rider, rodeo and date (in the URL) and exports.
 */
export function RiderRecordsPage(props: RiderRecordsPageProps) {
  const { establishmentId, establishmentName, tab, onTabChange, canBulkUpload } = props
  const kind = tab === 'indicadores' ? undefined : KIND_OF_TAB[tab]
  const [editing, setEditing] = useState<{ kind: RiderRecordKind; row?: Row } | null>(null)
  const [removing, setRemoving] = useState<{ kind: RiderRecordKind; row: Row } | null>(null)
  const queryClient = useQueryClient()
  const options = useQuery(riderFormOptionsQueryOptions(establishmentId))
  const create = useServerFn(createRiderRecordFn)
  const update = useServerFn(updateRiderRecordFn)
  const remove = useServerFn(deleteRiderRecordFn)

  const refresh = async () => {
    await Promise.all([
      ...riderChangedKeys(establishmentId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      refreshLists(queryClient),
    ])
  }
  const loadOffline = useRiderOffline(establishmentId, refresh)
  const newOfflineKind = editing && !editing.row && offlineKind(editing.kind) ? editing.kind : undefined
  useEffect(() => {
    if (newOfflineKind) void loadOffline()
  }, [newOfflineKind, loadOffline])
  const findOnline = (tag: string) => queryClient.fetchQuery(animalByTagQueryOptions(establishmentId, tag))

  return (
    <Stack gap="4" px={{ base: '3', md: '6' }} py="4">
      <HStack justify="space-between" alignItems="flex-start" flexWrap="wrap" gap="3">
        <div>
          <styled.h1 textStyle="2xl" fontWeight="bold">
            Recorredores
          </styled.h1>
          <styled.p color="fg.muted">Lo que registran los recorredores de {establishmentName}.</styled.p>
        </div>
        {kind ? (
          <Button size="lg" onClick={() => setEditing({ kind })}>
            <PlusIcon aria-hidden /> {RIDER_KIND_TEXT[kind].newTitle}
          </Button>
        ) : null}
      </HStack>

      <Tabs.Root
        value={tab}
        onValueChange={(details) => onTabChange(details.value as RiderTab)}
        variant="line"
      >
        <Tabs.List overflowX="auto">
          {RIDER_TABS.map((each) => (
            <Tabs.Trigger key={each} value={each}>
              {TAB_LABEL[each]}
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator />
        </Tabs.List>
        {/* The open tab's panel only: another tab's table loads when it is chosen (the URL changes). */}
        <Tabs.Content value={tab} pt="4">
          {kind ? (
            <RiderTable
              key={kind}
              {...props}
              kind={kind}
              riderOptions={options.data?.riders}
              rodeoOptions={options.data?.rodeos}
              onEdit={(row) => setEditing({ kind, row })}
              onDelete={(row) => setRemoving({ kind, row })}
            />
          ) : (
            <CalvingKpisLive establishmentId={establishmentId} />
          )}
        </Tabs.Content>
      </Tabs.Root>

      {editing ? (
        <Dialog.Root
          open
          onOpenChange={(details) => !details.open && setEditing(null)}
          lazyMount
          unmountOnExit
        >
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner px={{ base: '0', md: '4' }}>
              <Dialog.Content width="full" maxW="xl" minW="0" maxH="100dvh" overflowY="auto">
                <Stack gap="4" p={{ base: '4', md: '6' }}>
                  <HStack justify="space-between">
                    <Dialog.Title>
                      {editing.row
                        ? RIDER_KIND_TEXT[editing.kind].editTitle
                        : RIDER_KIND_TEXT[editing.kind].newTitle}
                    </Dialog.Title>
                    <Dialog.CloseTrigger asChild>
                      <Button variant="ghost" size="sm" aria-label="Cerrar ventana">
                        <XIcon />
                      </Button>
                    </Dialog.CloseTrigger>
                  </HStack>
                  <IndividualOrBulk
                    individual={
                      <RiderRecordForm
                        kind={editing.kind}
                        options={options.data}
                        editing={
                          editing.row
                            ? {
                                id: editing.row.id,
                                values: valuesOfRow(editing.kind, editing.row),
                                animalTag: animalTagOf(editing.kind, editing.row),
                                calfPending:
                                  editing.kind === 'births' &&
                                  (editing.row as RiderRowByKind['births']).calf_id === null,
                              }
                            : undefined
                        }
                        findAnimal={
                          newOfflineKind
                            ? async (tag) => {
                                const offline = await loadOffline()
                                return offline ? offline.findAnimal(tag) : findOnline(tag)
                              }
                            : findOnline
                        }
                        onSave={async (body) => {
                          const row = editing.row
                          // A new calving or treatment goes through the device's outbox (decision 040).
                          const offline = newOfflineKind ? await loadOffline() : null
                          if (newOfflineKind && offline) {
                            const saved = await offline.save(newOfflineKind, body)
                            if (saved.ok && !saved.pending) await refresh()
                            return saved
                          }
                          const result = row
                            ? await update({ data: { kind: editing.kind, id: row.id, body } })
                            : await create({ data: { establishmentId, kind: editing.kind, body } })
                          if (result.ok) await refresh()
                          return result
                        }}
                        onClose={() => setEditing(null)}
                      />
                    }
                    // 'Nuevo parto' and 'Nuevo tratamiento' also take a Masivo template.
                    bulk={
                      canBulkUpload && !editing.row && hasBulk(editing.kind) ? (
                        <BulkUploadForm
                          kind={editing.kind}
                          title={TEMPLATES[editing.kind].title}
                          establishmentId={establishmentId}
                          onUploaded={() => void refresh()}
                        />
                      ) : undefined
                    }
                  />
                </Stack>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      ) : null}

      <DeleteRecordDialog
        target={removing}
        onClose={() => setRemoving(null)}
        onDelete={async (calf) => {
          if (!removing) return
          const result = await remove({ data: { kind: removing.kind, id: removing.row.id, calf } })
          if (result.ok) {
            toast.success(result.message ?? RIDER_KIND_TEXT[removing.kind].deleted)
            setRemoving(null)
            await refresh()
          } else toast.error(result.error)
        }}
      />
    </Stack>
  )
}

interface RiderTableProps extends RiderRecordsPageProps {
  kind: RiderRecordKind
  riderOptions: { id: number; description: string }[] | undefined
  rodeoOptions: { id: number; description: string }[] | undefined
  onEdit: (row: Row) => void
  onDelete: (row: Row) => void
}

/** One kind's table: the app's data table, paged and filtered by the provider. */
function RiderTable({
  establishmentId,
  kind,
  view,
  onViewChange,
  riderOptions,
  rodeoOptions,
  onEdit,
  onDelete,
}: RiderTableProps) {
  const query = riderQueryOfView(view)
  const list = useQuery(riderRecordsQueryOptions(establishmentId, kind, query))
  const columns = useMemo(
    () =>
      RIDER_COLUMNS[kind]({ onEdit, onDelete }) as unknown as Parameters<typeof DataTable<Row>>[0]['columns'],
    [kind, onEdit, onDelete],
  )
  const filterOptions = useMemo(() => {
    const toOptions = (
      items: { id: number; description: string }[] | undefined,
    ): FilterOption[] | undefined =>
      items?.map((item) => ({ value: String(item.id), label: item.description }))
    return { rider: toOptions(riderOptions), rodeo: toOptions(rodeoOptions) }
  }, [riderOptions, rodeoOptions])
  const text = RIDER_KIND_TEXT[kind]
  return (
    <DataTable<Row>
      label={text.plural}
      exportLabel={text.tab}
      columns={columns}
      rows={(list.data?.data ?? []) as Row[]}
      getRowId={(row) => String(row.id)}
      getRowLabel={(row) => animalTagOf(kind, row)}
      total={list.data?.meta.total ?? 0}
      loading={list.isFetching}
      error={list.isError ? `No se pudo obtener la lista de ${text.plural}` : undefined}
      state={view}
      onStateChange={onViewChange}
      filters={RIDER_FILTERS}
      filterOptions={filterOptions}
      onReload={() => void list.refetch()}
      perPageOptions={RIDER_PER_PAGE_OPTIONS}
      exportRows={async (ids) => {
        // The selection's rows, from the view's filters (at most one large page: rider tables are small).
        const all = await listRiderRecordsFn({
          data: { establishmentId, kind, query: { ...query, page: 1, perPage: RIDER_LIST_MAX_PER_PAGE } },
        })
        const wanted = new Set(ids)
        return (all.data as Row[]).filter((row) => wanted.has(String(row.id)))
      }}
    />
  )
}

export interface DeleteRecordDialogProps {
  target: { kind: RiderRecordKind; row: Row } | null
  onClose: () => void
  onDelete: (calf?: 'keep' | 'delete') => Promise<void>
}

/**
 * Deleting a record asks first. A birth that created a calf asks what becomes of the calf: keep it
 * (an animal of the herd with its mother) or delete it too (refused while it has records of its own).
 */
export function DeleteRecordDialog({ target, onClose, onDelete }: DeleteRecordDialogProps) {
  const [busy, setBusy] = useState(false)
  const birth = target?.kind === 'births' ? (target.row as RiderRowByKind['births']) : null
  const run = async (calf?: 'keep' | 'delete') => {
    setBusy(true)
    try {
      await onDelete(calf)
    } finally {
      setBusy(false)
    }
  }
  if (birth?.calf_id) {
    return (
      <Dialog.Root
        role="alertdialog"
        open
        onOpenChange={(d) => !d.open && !busy && onClose()}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="md">
              <Stack gap="4" p="6">
                <Dialog.Title>¿Eliminar el parto?</Dialog.Title>
                <Dialog.Description>
                  Este parto creó el ternero {birth.calf_visual_tag}. ¿Qué hacemos con el ternero?
                </Dialog.Description>
                <Stack gap="2">
                  <Button size="lg" variant="outline" disabled={busy} onClick={() => void run('keep')}>
                    Conservar el ternero
                  </Button>
                  <Button size="lg" colorPalette="red" disabled={busy} onClick={() => void run('delete')}>
                    Eliminar también el ternero
                  </Button>
                  <Button size="lg" variant="ghost" disabled={busy} onClick={onClose}>
                    Cancelar
                  </Button>
                </Stack>
              </Stack>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    )
  }
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title="¿Eliminar el registro?"
      description={
        target?.kind === 'deaths'
          ? 'El animal vuelve al rodeo (se deshace su baja por muerte).'
          : 'El registro se elimina; el animal conserva el resto de su historia.'
      }
      tone="danger"
      confirmLabel="Eliminar"
      busyLabel="Eliminando..."
      onConfirm={() => run(undefined)}
    />
  )
}
