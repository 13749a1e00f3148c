import { PencilIcon, Trash2Icon } from 'lucide-react'
import { HStack, styled } from 'styled-system/jsx'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { Button } from '~/components/ui/button'
import { AlertBadges } from '~/features/alerts/components/alert-badges'
import { exportDate, formatAge, formatDate, formatNumber } from '~/lib/format'
import { EVENT_FIELDS, type EventKind } from '../event-kinds'
import type {
  EventRowByKind,
  InseminationRow,
  PregnancyCheckRow,
  PreserviceRow,
  WeighingRow,
} from '../events-list.schema'

/** What every event row has (the spec's shared fields). */
type SharedRow = EventRowByKind[EventKind]

const lookup = (value: { description: string } | null | undefined) => value?.description ?? ''
const dateTime = (value: string | null | undefined) =>
  value ? `${formatDate(value)} ${value.slice(11, 16)}` : ''

/** The id of an event row, whatever its kind. */
export const EVENT_ROW_ID: { [K in EventKind]: (row: EventRowByKind[K]) => number } = {
  'artificial-insemination': (row) => row.artificial_insemination_id,
  'pregnancy-check': (row) => row.pregnancy_check_id,
  preservice: (row) => row.preservice_id,
  weighing: (row) => row.weighing_id,
}

const leading = (kind: EventKind): DataTableColumn<SharedRow>[] => [
  {
    id: 'visual_tag',
    header: 'IDV',
    sortable: true,
    hideable: false,
    compact: true,
    cell: (row) => <styled.span fontWeight="semibold">{row.visible_tag}</styled.span>,
    exportValue: (row) => row.visible_tag,
  },
  {
    id: 'electronic_tag',
    header: 'RFID',
    cell: (row) => <styled.span fontFamily="mono">{row.electronic_tag ?? ''}</styled.span>,
    exportValue: (row) => row.electronic_tag,
  },
  {
    id: 'read_at',
    header: 'Fecha',
    sortable: true,
    compact: true,
    cell: (row) => (kind === 'weighing' ? dateTime(eventDate(row)) : formatDate(eventDate(row))),
    exportValue: (row) => exportDate(eventDate(row)),
  },
  {
    id: 'cattle_handling_name',
    header: 'Sesión',
    compact: true,
    cell: (row) => row.cattle_handling_name,
    exportValue: (row) => row.cattle_handling_name,
  },
  {
    id: 'order',
    header: 'Orden',
    align: 'end',
    cell: (row) => row.order ?? '',
    exportValue: (row) => row.order,
  },
  {
    id: 'category',
    header: 'Categoría',
    cell: (row) => lookup(row.category),
    exportValue: (row) => lookup(row.category),
  },
  {
    id: 'current_rodeo',
    header: 'Rodeo',
    cell: (row) => lookup(row.current_rodeo),
    exportValue: (row) => lookup(row.current_rodeo),
  },
]

/** The date of an event row, whatever its kind. */
function eventDate(row: SharedRow) {
  if ('weighing_id' in row) return row.current_weight_date
  if ('artificial_insemination_id' in row) return row.artificial_insemination_date
  if ('pregnancy_check_id' in row) return row.pregnancy_check_date
  return row.preservice_date
}

const trailing: DataTableColumn<SharedRow>[] = [
  { id: 'age', header: 'Edad', cell: (row) => formatAge(row.age), exportValue: (row) => formatAge(row.age) },
  {
    id: 'body_condition',
    header: 'Cond. corporal',
    cell: (row) => lookup(row.body_condition),
    exportValue: (row) => lookup(row.body_condition),
  },
  {
    id: 'notes',
    header: 'Notas',
    cell: (row) => row.notes.map((note) => note.content).join(' · '),
    exportValue: (row) => row.notes.map((note) => note.content).join(' · ') || null,
  },
  {
    id: 'alerts',
    header: 'Alertas',
    compact: true,
    cell: (row) => <AlertBadges alerts={row.alerts} />,
    exportValue: (row) => row.alerts.map((alert) => alert.description).join(', ') || null,
  },
]

const inseminationColumns: DataTableColumn<InseminationRow>[] = [
  {
    id: 'bull',
    header: EVENT_FIELDS['artificial-insemination'].bull.header,
    compact: true,
    cell: (row) => row.bull_alias ?? '',
    exportValue: (row) => row.bull_alias,
  },
  {
    id: 'inseminator',
    header: EVENT_FIELDS['artificial-insemination'].inseminator.header,
    cell: (row) => row.inseminator_name ?? 'Sin especificar',
    exportValue: (row) => row.inseminator_name,
  },
  {
    id: 'previous_preservice',
    header: 'Preservicio previo',
    cell: (row) => {
      const ps = row.previous_preservice
      if (!ps) return ''
      const what = [
        ps.reproductive_grade && `GDR ${ps.reproductive_grade.description}`,
        lookup(ps.ovarian_status),
      ]
      return `${formatDate(ps.read_at)} · ${what.filter(Boolean).join(' · ')}`
    },
    exportValue: (row) => exportDate(row.previous_preservice?.read_at),
  },
  {
    id: 'following_pregnancy_check',
    header: 'Diagnóstico posterior',
    compact: true,
    cell: (row) => {
      const pc = row.following_pregnancy_check
      return pc ? `${lookup(pc.pregnancy_check_detail)} (${formatDate(pc.read_at)})` : ''
    },
    exportValue: (row) => lookup(row.following_pregnancy_check?.pregnancy_check_detail) || null,
  },
]

const pregnancyCheckColumns: DataTableColumn<PregnancyCheckRow>[] = [
  {
    id: 'pregnancy_check_detail',
    header: EVENT_FIELDS['pregnancy-check'].detail.header,
    compact: true,
    cell: (row) => <styled.span fontWeight="medium">{lookup(row.pregnancy_check_detail)}</styled.span>,
    exportValue: (row) => lookup(row.pregnancy_check_detail),
  },
  {
    id: 'is_ultrasound_scan',
    header: EVENT_FIELDS['pregnancy-check'].ultrasound.header,
    cell: (row) => (row.is_ultrasound_scan === 1 ? 'Sí' : 'No'),
    exportValue: (row) => (row.is_ultrasound_scan === 1 ? 'Sí' : 'No'),
  },
]

const preserviceColumns: DataTableColumn<PreserviceRow>[] = [
  {
    id: 'reproductive_grade',
    header: EVENT_FIELDS.preservice.grade.header,
    compact: true,
    cell: (row) => lookup(row.reproductive_grade),
    exportValue: (row) => lookup(row.reproductive_grade),
  },
  {
    id: 'ovarian_status',
    header: EVENT_FIELDS.preservice.ovarian.header,
    compact: true,
    cell: (row) => lookup(row.ovarian_status),
    exportValue: (row) => lookup(row.ovarian_status),
  },
  {
    id: 'last_weighing',
    header: 'Último peso (kg)',
    align: 'end',
    cell: (row) =>
      row.last_weighing === null
        ? ''
        : `${formatNumber(row.last_weighing, 1)} (${formatDate(row.last_weighing_date)})`,
    exportValue: (row) => row.last_weighing,
  },
]

const weighingColumns: DataTableColumn<WeighingRow>[] = [
  {
    id: 'weight',
    header: EVENT_FIELDS.weighing.weight.header,
    sortable: true,
    compact: true,
    align: 'end',
    cell: (row) => <styled.span fontWeight="semibold">{formatNumber(row.current_weight, 1)}</styled.span>,
    exportValue: (row) => row.current_weight,
  },
  {
    id: 'weighing_time',
    header: EVENT_FIELDS.weighing.weighingTime.header,
    cell: (row) => row.weighing_time_description ?? '',
    exportValue: (row) => row.weighing_time_description,
  },
  {
    id: 'previous_weight',
    header: 'Peso anterior (kg)',
    align: 'end',
    cell: (row) => formatNumber(row.previous_weight, 1),
    exportValue: (row) => row.previous_weight,
  },
  {
    id: 'days_since_previous_weight',
    header: 'Días desde anterior',
    align: 'end',
    cell: (row) => (row.previous_weight === null ? '' : (row.days_since_previous_weight ?? '')),
    exportValue: (row) => (row.previous_weight === null ? null : row.days_since_previous_weight),
  },
  {
    id: 'gdpv',
    header: 'GDPV (kg/día)',
    compact: true,
    sortable: true,
    align: 'end',
    cell: (row) => formatNumber(row.GDPV, 3),
    exportValue: (row) => row.GDPV,
  },
  {
    id: 'first_weight',
    header: 'Primer peso (kg)',
    align: 'end',
    cell: (row) => formatNumber(row.first_weight, 1),
    exportValue: (row) => row.first_weight,
  },
  {
    id: 'days_since_first_weight',
    header: 'Días desde el primero',
    align: 'end',
    cell: (row) => row.days_since_first_weight ?? '',
    exportValue: (row) => row.days_since_first_weight,
  },
  {
    id: 'gdpvital',
    header: 'GDPVital (kg/día)',
    align: 'end',
    cell: (row) => formatNumber(row.GDPVital, 3),
    exportValue: (row) => row.GDPVital,
  },
  {
    id: 'weight_at_birth',
    header: 'Peso al nacer (kg)',
    align: 'end',
    cell: (row) => formatNumber(row.weight_at_birth, 1),
    exportValue: (row) => row.weight_at_birth,
  },
]

/** What a row's actions do; `onDelete` only where the kind can be deleted (weighings). */
export interface RowActions<R> {
  onEdit: (row: R) => void
  onDelete?: (row: R) => void
}

function actionsColumn<R extends SharedRow>(actions: RowActions<R>): DataTableColumn<R> {
  return {
    id: 'actions',
    header: 'Acciones',
    hideable: false,
    compact: true,
    cell: (row) => (
      <HStack gap="1">
        <Button
          size="xs"
          variant="ghost"
          aria-label={`Editar ${row.visible_tag}`}
          title="Editar"
          onClick={() => actions.onEdit(row)}
        >
          <PencilIcon size={16} aria-hidden />
        </Button>
        {actions.onDelete ? (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={`Eliminar ${row.visible_tag}`}
            title="Eliminar"
            onClick={() => actions.onDelete?.(row)}
          >
            <Trash2Icon size={16} aria-hidden />
          </Button>
        ) : null}
      </HStack>
    ),
    exportValue: () => null,
  }
}

/** The columns of each event table (spec section 3, event rows), with the row actions last. */
export const EVENT_COLUMNS: {
  [K in EventKind]: (actions: RowActions<EventRowByKind[K]>) => DataTableColumn<EventRowByKind[K]>[]
} = {
  'artificial-insemination': (actions) => [
    ...leading('artificial-insemination'),
    ...inseminationColumns,
    ...trailing,
    actionsColumn(actions),
  ],
  'pregnancy-check': (actions) => [
    ...leading('pregnancy-check'),
    ...pregnancyCheckColumns,
    ...trailing,
    actionsColumn(actions),
  ],
  preservice: (actions) => [
    ...leading('preservice'),
    ...preserviceColumns,
    ...trailing,
    actionsColumn(actions),
  ],
  weighing: (actions) => [...leading('weighing'), ...weighingColumns, ...trailing, actionsColumn(actions)],
}
