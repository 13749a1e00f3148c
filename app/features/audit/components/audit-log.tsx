import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { Stack, styled } from 'styled-system/jsx'
import { DataTable } from '~/components/data-table/data-table'
import type {
  DataTableColumn,
  DateRangeValue,
  FilterConfig,
  FilterOption,
  TableViewState,
} from '~/components/data-table/data-table.types'
import { Switch } from '~/components/ui/switch'
import { sessionQueryOptions } from '~/features/auth/auth.queries'
import type { ConfigSectionProps } from '~/features/configuration/sections'
import { myEstablishmentsQueryOptions } from '~/features/establishments/establishments.queries'
import { listAuditFn } from '../audit.functions'
import { auditKeys, auditPageQueryOptions } from '../audit.queries'
import {
  AUDIT_ENTITY_LABELS,
  AUDIT_MAX_PER_PAGE,
  AUDIT_MESSAGES,
  AUDIT_PER_PAGE_OPTIONS,
  type AuditEntry,
  type AuditPage,
  auditActionLabel,
  auditEntityLabel,
  describeAuditChanges,
} from '../audit.schema'

const dateTime = new Intl.DateTimeFormat('es-AR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Argentina/Buenos_Aires',
})

function columnsFor(showEstablishment: boolean): DataTableColumn<AuditEntry>[] {
  return [
    {
      id: 'occurred_at',
      header: 'Cuándo',
      cell: (row) => dateTime.format(new Date(row.occurred_at)),
      exportValue: (row) => new Date(row.occurred_at),
    },
    { id: 'user', header: 'Quién', cell: (row) => row.user_name ?? '—', exportValue: (row) => row.user_name },
    ...(showEstablishment
      ? [
          {
            id: 'establishment',
            header: 'Establecimiento',
            cell: (row: AuditEntry) => row.establishment_name ?? '—',
            exportValue: (row: AuditEntry) => row.establishment_name,
          },
        ]
      : []),
    {
      id: 'entity',
      header: 'Entidad',
      cell: (row) => `${auditEntityLabel(row.entity)}${row.entity_id ? ` #${row.entity_id}` : ''}`,
      exportValue: (row) => auditEntityLabel(row.entity),
    },
    {
      id: 'action',
      header: 'Acción',
      cell: (row) => auditActionLabel(row.action, row.entity),
      exportValue: (row) => auditActionLabel(row.action, row.entity),
    },
    {
      id: 'changes',
      header: 'Qué cambió',
      cell: (row) => (
        <Stack gap="0.5" minW="48">
          {describeAuditChanges(row).map((line) => (
            <styled.span key={line} textStyle="xs">
              {line}
            </styled.span>
          ))}
        </Stack>
      ),
      exportValue: (row) => describeAuditChanges(row).join('\n'),
    },
  ]
}

const ENTITY_OPTIONS: FilterOption[] = Object.entries(AUDIT_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'))

export interface AuditLogTableProps {
  page: AuditPage | undefined
  loading: boolean
  error?: string
  view: TableViewState
  onViewChange: (next: TableViewState) => void
  onReload: () => void
  exportRows: (ids: string[]) => Promise<AuditEntry[]>
  /** Superadmins: every establishment's log, and which one. */
  superAdmin?: {
    all: boolean
    onAllChange: (all: boolean) => void
    establishments: FilterOption[]
  }
}

/** The audit log as the project's data table: when, who, what entity, what changed (decision 033). */
export function AuditLogTable({
  page,
  loading,
  error,
  view,
  onViewChange,
  onReload,
  exportRows,
  superAdmin,
}: AuditLogTableProps) {
  const all = superAdmin?.all ?? false
  const columns = useMemo(() => columnsFor(all), [all])
  const filters = useMemo<FilterConfig[]>(
    () => [
      {
        columnId: 'user_id',
        label: 'Persona',
        type: 'select',
        isPrincipal: true,
        isCompact: true,
        placeholder: 'Todas',
      },
      {
        columnId: 'entity',
        label: 'Entidad',
        type: 'select',
        isPrincipal: true,
        isCompact: true,
        customOptions: ENTITY_OPTIONS,
      },
      { columnId: 'occurred_at', label: 'Fecha', type: 'date-range', isCompact: true },
      ...(all ? [{ columnId: 'establishment_id', label: 'Establecimiento', type: 'select' as const }] : []),
    ],
    [all],
  )
  const people = useMemo(
    () => page?.people.map((person) => ({ value: String(person.id), label: person.name })),
    [page?.people],
  )
  return (
    <DataTable
      label="registros de auditoría"
      exportLabel="auditoria"
      columns={columns}
      rows={page?.data ?? []}
      getRowId={(row) => String(row.id)}
      getRowLabel={(row) => `${auditEntityLabel(row.entity)} ${row.entity_id ?? ''}`.trim()}
      total={page?.meta.total ?? 0}
      loading={loading}
      error={error}
      state={view}
      onStateChange={onViewChange}
      filters={filters}
      filterOptions={{ user_id: people, establishment_id: superAdmin?.establishments }}
      perPageOptions={[...AUDIT_PER_PAGE_OPTIONS]}
      onReload={onReload}
      exportRows={exportRows}
      maxHeight="60vh"
      toolbarActions={
        superAdmin ? (
          <Switch
            checked={superAdmin.all}
            onCheckedChange={(details) => superAdmin.onAllChange(details.checked)}
          >
            Todos los establecimientos
          </Switch>
        ) : undefined
      }
    />
  )
}

/** The URL's search keys of the viewer (Spanish, like `seccion`). */
type AuditSearch = {
  persona?: string
  entidad?: string
  desde?: string
  hasta?: string
  pagina?: string
  filas?: string
  todos?: string
  estab?: string
}
const AUDIT_SEARCH_KEYS = [
  'persona',
  'entidad',
  'desde',
  'hasta',
  'pagina',
  'filas',
  'todos',
  'estab',
] as const

function viewFromSearch(search: AuditSearch): TableViewState {
  const filters: TableViewState['filters'] = {}
  if (search.persona) filters.user_id = String(search.persona)
  if (search.entidad) filters.entity = String(search.entidad)
  if (search.desde || search.hasta)
    filters.occurred_at = { from: search.desde || undefined, to: search.hasta || undefined }
  if (search.estab) filters.establishment_id = String(search.estab)
  const perPage = Number(search.filas)
  return {
    filters,
    page: Math.max(1, Number(search.pagina) || 1),
    perPage: AUDIT_PER_PAGE_OPTIONS.includes(perPage as 25) ? perPage : 25,
    hidden: [],
    compact: false,
    selected: [],
  }
}

function searchFromView(view: TableViewState, all: boolean): AuditSearch {
  const range = view.filters.occurred_at as DateRangeValue | undefined
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)
  return {
    persona: text(view.filters.user_id),
    entidad: text(view.filters.entity),
    desde: range?.from,
    hasta: range?.to,
    pagina: view.page > 1 ? String(view.page) : undefined,
    filas: view.perPage !== 25 ? String(view.perPage) : undefined,
    todos: all ? '1' : undefined,
    estab: all ? text(view.filters.establishment_id) : undefined,
  }
}

function apiQuery(view: TableViewState, all: boolean): Record<string, string> {
  const search = searchFromView(view, all)
  const query: Record<string, string> = { page: String(view.page), perPage: String(view.perPage) }
  if (search.persona) query.user_id = search.persona
  if (search.entidad) query.entity = search.entidad
  if (search.desde) query.from = search.desde
  if (search.hasta) query.to = search.hasta
  if (search.estab) query.establishment_id = search.estab
  return query
}

/**
 * Configuración → Auditoría: the viewer wired to the provider, its filters and page in the URL
 * (`persona`, `entidad`, `desde`, `hasta`, `pagina`, `filas`; superadmins `todos` and `estab`).
 */
export function AuditLogSection({ establishmentId, canEdit }: ConfigSectionProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const search = useSearch({ strict: false }) as AuditSearch
  const session = useQuery(sessionQueryOptions())
  const isSuperAdmin = session.data?.roles.isSuperAdmin ?? false
  const all = isSuperAdmin && search.todos === '1'
  const establishments = useQuery({ ...myEstablishmentsQueryOptions(), enabled: isSuperAdmin })
  const view = viewFromSearch(search)
  const query = apiQuery(view, all)
  // Only administrators read the log (the API refuses the others: the note below says so first).
  const page = useQuery({ ...auditPageQueryOptions(establishmentId, all, query), enabled: canEdit })

  const setView = (next: TableViewState, nextAll = all) => {
    const params = searchFromView(next, nextAll)
    void navigate({
      to: '.',
      search: ((previous: Record<string, unknown>) => {
        const kept = Object.fromEntries(
          Object.entries(previous).filter(([key]) => !(AUDIT_SEARCH_KEYS as readonly string[]).includes(key)),
        )
        return { ...kept, ...Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) }
      }) as never,
    })
  }

  return (
    <Stack gap="6" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} w="full" minW="0">
      <Stack gap="1">
        <styled.h1 textStyle={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="tight">
          Auditoría
        </styled.h1>
        <styled.p color="fg.muted">Quién cambió qué y cuándo, lo más reciente primero.</styled.p>
      </Stack>
      {!canEdit ? (
        <styled.p role="note" color="fg.muted">
          {AUDIT_MESSAGES.notAdmin}.
        </styled.p>
      ) : (
        <AuditLogTable
          page={page.data}
          loading={page.isFetching}
          error={page.isError ? (page.error?.message ?? AUDIT_MESSAGES.listError) : undefined}
          view={view}
          onViewChange={(next) => setView(next)}
          onReload={() => void queryClient.invalidateQueries({ queryKey: auditKeys.all })}
          exportRows={async (ids) => {
            const found: AuditEntry[] = []
            for (let start = 0; start < ids.length; start += AUDIT_MAX_PER_PAGE) {
              const chunk = ids.slice(start, start + AUDIT_MAX_PER_PAGE)
              const answer = await listAuditFn({
                data: {
                  establishmentId,
                  all,
                  query: { ...query, page: '1', perPage: String(AUDIT_MAX_PER_PAGE), ids: chunk.join(',') },
                },
              })
              found.push(...answer.data)
            }
            return found
          }}
          superAdmin={
            isSuperAdmin
              ? {
                  all,
                  onAllChange: (next) =>
                    setView({ ...view, page: 1, filters: { ...view.filters, establishment_id: '' } }, next),
                  establishments: (establishments.data ?? []).map((e) => ({
                    value: String(e.id),
                    label: e.name,
                  })),
                }
              : undefined
          }
        />
      )}
    </Stack>
  )
}
