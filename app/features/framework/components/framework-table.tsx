import { Archive, ArchiveRestore, Pencil, Plus, Trash2 } from 'lucide-react'
import { useCallback, useMemo, useRef, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { DataTable } from '~/components/data-table/data-table'
import type { DataTableColumn, TableViewState } from '~/components/data-table/data-table.types'
import type { SelectOption } from '~/components/form/fields'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { Switch } from '~/components/ui/switch'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
import {
  FRAMEWORK_MESSAGES,
  FRAMEWORK_NOUNS,
  type FrameworkItem,
  type FrameworkKind,
  frameworkItemName,
} from '../framework.schema'
import { FrameworkItemDialog } from './framework-item-dialog'

export type FrameworkItemAction = 'archive' | 'restore' | 'delete'

export interface FrameworkTableProps<K extends FrameworkKind> {
  kind: K
  items: readonly FrameworkItem<K>[]
  loading: boolean
  error?: string
  /** Administrators (and superadministrators) edit; others read (the API refuses them anyway). */
  canEdit: boolean
  showArchived: boolean
  onShowArchivedChange: (show: boolean) => void
  /** The breeds a bull may have (bulls only). */
  breeds?: readonly SelectOption<number>[]
  /** Creates (no id) or edits an item; a refusal's message shows in the dialog. */
  onSave: (id: number | undefined, body: Record<string, unknown>) => Promise<ActionResult>
  onAction: (item: FrameworkItem<K>, action: FrameworkItemAction) => Promise<ActionResult>
  onReload: () => void
}

type Columns<K extends FrameworkKind> = DataTableColumn<FrameworkItem<K>>[]

/** Each kind's own columns; state, uses and actions are added for all. */
function ownColumns(kind: FrameworkKind): Columns<FrameworkKind> {
  const text = (
    id: string,
    header: string,
    read: (row: never) => string | null,
  ): Columns<FrameworkKind>[number] => ({
    id,
    header,
    cell: (row) => read(row as never) ?? '',
    exportValue: (row) => read(row as never),
  })
  switch (kind) {
    case 'rodeos':
      return [
        text('name', 'Rodeo', (r: FrameworkItem<'rodeos'>) => r.name),
        {
          id: 'animals',
          header: 'Animales',
          align: 'end',
          cell: (r) => (r as FrameworkItem<'rodeos'>).animals,
          exportValue: (r) => (r as FrameworkItem<'rodeos'>).animals,
        },
      ]
    case 'bulls':
      return [
        text('alias', 'Alias', (r: FrameworkItem<'bulls'>) => r.alias),
        text('breed', 'Raza', (r: FrameworkItem<'bulls'>) => r.breed),
        text('registration', 'Registro o RFID', (r: FrameworkItem<'bulls'>) => r.registration),
      ]
    case 'inseminators':
      return [
        text('first_name', 'Nombre', (r: FrameworkItem<'inseminators'>) => r.first_name),
        text('last_name', 'Apellido', (r: FrameworkItem<'inseminators'>) => r.last_name),
      ]
    case 'riders':
      return [
        text('key', 'Clave', (r: FrameworkItem<'riders'>) => r.key),
        text('description', 'Descripción', (r: FrameworkItem<'riders'>) => r.description),
      ]
    case 'origins':
      return [text('description', 'Origen', (r: FrameworkItem<'origins'>) => r.description)]
    case 'owners':
      return [text('name', 'Propietario', (r: FrameworkItem<'owners'>) => r.name)]
  }
}

const INITIAL_VIEW: TableViewState = {
  filters: {},
  page: 1,
  perPage: 25,
  hidden: [],
  compact: false,
  selected: [],
}

/**
 * One kind of the establishment framework as the project's data table (decision 033): its items by
 * name, 'Mostrar archivados', and for administrators 'Agregar', Editar, Archivar / Restaurar and
 * Eliminar (only what nothing uses: the rest is archived, so history keeps naming it).
 */
export function FrameworkTable<K extends FrameworkKind>(props: FrameworkTableProps<K>) {
  const { kind, items, canEdit, showArchived } = props
  const noun = FRAMEWORK_NOUNS[kind]
  const [view, setView] = useState(INITIAL_VIEW)
  const [editing, setEditing] = useState<{ item?: FrameworkItem<K> } | undefined>()
  const [confirming, setConfirming] = useState<{ item: FrameworkItem<K>; action: 'archive' | 'delete' }>()

  // The columns are memoised (a new array rebuilds the table); the latest handler is read through a ref.
  const onActionRef = useRef(props.onAction)
  onActionRef.current = props.onAction
  const act = useCallback(
    async (item: FrameworkItem<K>, action: FrameworkItemAction) => {
      let result: ActionResult
      try {
        result = await onActionRef.current(item, action)
      } catch {
        result = { ok: false, error: FRAMEWORK_MESSAGES.error[action](kind) }
      }
      if (result.ok) toast.success(result.message ?? FRAMEWORK_MESSAGES.success[action](kind))
      else toast.error(FRAMEWORK_MESSAGES.error[action](kind), { description: result.error })
    },
    [kind],
  )

  const columns = useMemo(() => {
    const list = ownColumns(kind) as unknown as Columns<K>
    const name = (row: FrameworkItem<K>) => frameworkItemName(kind, row)
    const status: Columns<K>[number] = {
      id: 'status',
      header: 'Estado',
      cell: (row) => (row.archived ? <Badge variant="outline">Archivado</Badge> : 'En uso'),
      exportValue: (row) => (row.archived ? 'Archivado' : 'En uso'),
    }
    const uses: Columns<K>[number] = {
      id: 'uses',
      header: 'Registros que lo usan',
      align: 'end',
      cell: (row) => row.uses,
      exportValue: (row) => row.uses,
    }
    const actions: Columns<K>[number] = {
      id: 'actions',
      header: 'Acciones',
      hideable: false,
      exportValue: () => null,
      cell: (row) => (
        <HStack gap="1" flexWrap="nowrap">
          <Button
            size="xs"
            variant="ghost"
            aria-label={`Editar ${noun.one} ${name(row)}`}
            onClick={() => setEditing({ item: row })}
          >
            <Pencil />
          </Button>
          {row.archived ? (
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Restaurar ${noun.one} ${name(row)}`}
              onClick={() => void act(row, 'restore')}
            >
              <ArchiveRestore />
            </Button>
          ) : (
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Archivar ${noun.one} ${name(row)}`}
              onClick={() => setConfirming({ item: row, action: 'archive' })}
            >
              <Archive />
            </Button>
          )}
          {row.uses === 0 ? (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={`Eliminar ${noun.one} ${name(row)}`}
              onClick={() => setConfirming({ item: row, action: 'delete' })}
            >
              <Trash2 />
            </Button>
          ) : null}
        </HStack>
      ),
    }
    return [...list, status, uses, ...(canEdit ? [actions] : [])]
  }, [kind, canEdit, noun.one, act])

  const start = (view.page - 1) * view.perPage
  const rows = items.slice(start, start + view.perPage) as FrameworkItem<K>[]
  const confirmingName = confirming ? frameworkItemName(kind, confirming.item) : ''

  return (
    <Stack gap="4" minW="0">
      {!canEdit ? (
        <styled.p role="note" color="fg.muted">
          Solo un administrador del establecimiento puede modificar los {noun.many}. Podés ver los existentes.
        </styled.p>
      ) : null}
      <DataTable
        label={noun.many}
        columns={columns}
        rows={rows}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => frameworkItemName(kind, row)}
        total={items.length}
        loading={props.loading}
        error={props.error}
        state={view}
        onStateChange={(next) => setView({ ...next, selected: next.selected })}
        filters={[]}
        filterOptions={{}}
        onReload={props.onReload}
        exportRows={async (ids) =>
          items.filter((item) => ids.includes(String(item.id))) as FrameworkItem<K>[]
        }
        maxHeight="60vh"
        toolbarActions={
          <HStack gap="3" flexWrap="wrap">
            <Switch
              checked={showArchived}
              onCheckedChange={(details) => props.onShowArchivedChange(details.checked)}
            >
              Mostrar archivados
            </Switch>
            {canEdit ? (
              <Button size="sm" onClick={() => setEditing({})}>
                <Plus /> Agregar {noun.one}
              </Button>
            ) : null}
          </HStack>
        }
      />
      {editing ? (
        <FrameworkItemDialog
          kind={kind}
          item={editing.item}
          breeds={props.breeds ?? []}
          open
          onOpenChange={(open) => !open && setEditing(undefined)}
          onSave={async (body) => {
            const result = await props.onSave(editing.item?.id, body)
            if (result.ok) {
              toast.success(
                result.message ?? FRAMEWORK_MESSAGES.success[editing.item ? 'update' : 'create'](kind),
              )
              setEditing(undefined)
            }
            return result
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== undefined}
        onOpenChange={(open) => !open && setConfirming(undefined)}
        tone={confirming?.action === 'delete' ? 'danger' : 'neutral'}
        icon={confirming?.action === 'delete' ? <Trash2 /> : <Archive />}
        title={
          confirming?.action === 'delete'
            ? `¿Eliminar el ${noun.one} «${confirmingName}»?`
            : `¿Archivar el ${noun.one} «${confirmingName}»?`
        }
        description={
          confirming?.action === 'delete'
            ? 'Nada lo usa todavía: se borra del establecimiento.'
            : 'Deja de ofrecerse en los selectores y filtros; los animales y eventos que lo usan lo siguen mostrando. Se puede restaurar.'
        }
        confirmLabel={confirming?.action === 'delete' ? 'Eliminar' : 'Archivar'}
        busyLabel={confirming?.action === 'delete' ? 'Eliminando...' : 'Archivando...'}
        onConfirm={async () => {
          if (!confirming) return
          await act(confirming.item, confirming.action)
          setConfirming(undefined)
        }}
      />
    </Stack>
  )
}
