import { PencilIcon, Trash2Icon } from 'lucide-react'
import { HStack } from 'styled-system/jsx'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { Button } from '~/components/ui/button'
import { exportDate, formatDate, formatNumber } from '~/lib/format'
import { RIDER_MESSAGES, type RiderRecordKind, type RiderRowByKind } from '../riders.schema'

type Row = RiderRowByKind[RiderRecordKind]

export interface RiderColumnActions {
  onEdit: (row: Row) => void
  onDelete: (row: Row) => void
}

const text = <T,>(id: string, header: string, value: (row: T) => string | number | null, compact = false) =>
  ({
    id,
    header,
    cell: (row: T) => value(row) ?? '—',
    exportValue: (row: T) => value(row),
    compact,
  }) satisfies DataTableColumn<T>

/** A number in the farm's format (es-AR: 32,5), exported as the number itself. */
const decimal = <T,>(id: string, header: string, value: (row: T) => number | null) =>
  ({
    ...text(id, header, value),
    cell: (row: T) => {
      const n = value(row)
      return n === null ? '—' : formatNumber(n, Number.isInteger(n) ? 0 : 1)
    },
  }) satisfies DataTableColumn<T>

const day = <T extends { read_at: string }>(header = 'Fecha') =>
  ({
    id: 'read_at',
    header,
    cell: (row: T) => formatDate(row.read_at),
    exportValue: (row: T) => exportDate(row.read_at),
    compact: true,
    hideable: false,
  }) satisfies DataTableColumn<T>

function actions(kindLabel: string, tagOf: (row: Row) => string, { onEdit, onDelete }: RiderColumnActions) {
  return {
    id: 'actions',
    header: 'Acciones',
    hideable: false,
    compact: true,
    exportValue: () => null,
    cell: (row: Row) => (
      <HStack gap="1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Editar ${kindLabel} de ${tagOf(row)}`}
          onClick={() => onEdit(row)}
        >
          <PencilIcon aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Eliminar ${kindLabel} de ${tagOf(row)}`}
          onClick={() => onDelete(row)}
        >
          <Trash2Icon aria-hidden />
        </Button>
      </HStack>
    ),
  } satisfies DataTableColumn<Row>
}

const rider = <T extends { rider: string | null }>() => text<T>('rider', 'Recorredor', (row) => row.rider)
const rodeo = <T extends { rodeo: string | null }>() => text<T>('rodeo', 'Rodeo', (row) => row.rodeo)
const animal = <T extends { visual_tag: string }>() =>
  text<T>('visual_tag', 'IDV', (row) => row.visual_tag, true)

/** The columns of each kind's table (export included: the visible columns, the same words). */
export const RIDER_COLUMNS: {
  [K in RiderRecordKind]: (a: RiderColumnActions) => DataTableColumn<RiderRowByKind[K]>[]
} = {
  births: (a) => [
    day(),
    text('mother_visual_tag', 'Madre', (row) => row.mother_visual_tag, true),
    text('calf_visual_tag', 'Ternero', (row) => row.calf_visual_tag ?? RIDER_MESSAGES.pendingTag, true),
    text('sex', 'Sexo', (row) => row.sex),
    text('birth_type', 'Tipo de parto', (row) => row.birth_type),
    decimal('weight_at_birth', 'Peso al nacer (kg)', (row) => row.weight_at_birth),
    rodeo(),
    rider(),
    text('note', 'Observación', (row) => row.note),
    actions('el parto', (row) => (row as RiderRowByKind['births']).mother_visual_tag, a),
  ],
  deaths: (a) => [
    day(),
    animal(),
    text('death_cause', 'Causa', (row) => row.death_cause, true),
    rodeo(),
    rider(),
    text('note', 'Observación', (row) => row.note),
    actions('la muerte', (row) => (row as RiderRowByKind['deaths']).visual_tag, a),
  ],
  treatments: (a) => [
    day(),
    animal(),
    text('treatment', 'Producto', (row) => row.treatment, true),
    text('dose', 'Dosis', (row) => row.dose),
    text('route', 'Vía', (row) => row.route),
    text('withdrawal_days', 'Días de retiro', (row) => row.withdrawal_days),
    {
      id: 'withdrawal_end',
      header: 'Fin del retiro',
      cell: (row) => formatDate(row.withdrawal_end),
      exportValue: (row) => exportDate(row.withdrawal_end),
    },
    rodeo(),
    rider(),
    actions('el tratamiento', (row) => (row as RiderRowByKind['treatments']).visual_tag, a),
  ],
  'body-conditions': (a) => [
    day(),
    animal(),
    text('condition', 'Condición corporal', (row) => row.condition, true),
    rodeo(),
    rider(),
    actions('la condición corporal', (row) => (row as RiderRowByKind['body-conditions']).visual_tag, a),
  ],
  notes: (a) => [
    day(),
    animal(),
    text('content', 'Nota', (row) => row.content, true),
    rodeo(),
    rider(),
    actions('la nota', (row) => (row as RiderRowByKind['notes']).visual_tag, a),
  ],
}
