import { Link, useRouteContext } from '@tanstack/react-router'
import { HStack, styled } from 'styled-system/jsx'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { establishmentSearch } from '~/features/shell/components/paths'
import { formatAge, formatDate, formatNumber } from '~/lib/format'
import type { AnimalListRow } from '../animals.schema'

/** The IDV as a link to the animal's page, naming the establishment of the page it is on (decision 017). */
function AnimalPageLink({ visualTag }: { visualTag: string }) {
  const establishmentId = useRouteContext({
    from: '/management/_authed/establishment/app-insights',
    select: (context) => context.establishment.id,
  })
  return (
    <Link
      to="/management/establishment/app-insights/animal/$visualTag"
      params={{ visualTag }}
      search={establishmentSearch(establishmentId)}
      style={{ fontWeight: 600 }}
    >
      {visualTag}
    </Link>
  )
}

const text = (value: string | null | undefined) => value ?? ''
const lookup = (value: { description: string } | null) => value?.description ?? ''

/** The columns of the Animales table (spec section 3, animal list row). */
export const ANIMAL_COLUMNS: DataTableColumn<AnimalListRow>[] = [
  {
    id: 'visual_tag',
    header: 'IDV',
    sortable: true,
    hideable: false,
    compact: true,
    cell: (row) => <AnimalPageLink visualTag={row.visual_tag} />,
    exportValue: (row) => row.visual_tag,
  },
  {
    id: 'electronic_tag',
    header: 'RFID',
    sortable: true,
    compact: true,
    cell: (row) => <styled.span fontFamily="mono">{text(row.electronic_tag)}</styled.span>,
    exportValue: (row) => row.electronic_tag,
  },
  {
    id: 'category',
    header: 'Categoría',
    compact: true,
    cell: (row) => lookup(row.category),
    exportValue: (row) => lookup(row.category),
  },
  {
    id: 'rodeo',
    header: 'Rodeo',
    compact: true,
    cell: (row) => lookup(row.rodeo),
    exportValue: (row) => lookup(row.rodeo),
  },
  { id: 'breed', header: 'Raza', cell: (row) => lookup(row.breed), exportValue: (row) => lookup(row.breed) },
  {
    id: 'gender',
    header: 'Sexo',
    cell: (row) => lookup(row.gender),
    exportValue: (row) => lookup(row.gender),
  },
  { id: 'color', header: 'Color', cell: (row) => lookup(row.color), exportValue: (row) => lookup(row.color) },
  {
    id: 'date_of_birth',
    header: 'Nacimiento',
    sortable: true,
    cell: (row) => formatDate(row.date_of_birth),
    exportValue: (row) => formatDate(row.date_of_birth),
  },
  { id: 'age', header: 'Edad', cell: (row) => formatAge(row.age), exportValue: (row) => formatAge(row.age) },
  {
    id: 'last_weight',
    header: 'Último peso (kg)',
    sortable: true,
    compact: true,
    align: 'end',
    cell: (row) => formatNumber(row.last_weight, 1),
    exportValue: (row) => row.last_weight,
  },
  {
    id: 'last_weight_read_at',
    header: 'Fecha últ. pesada',
    cell: (row) => formatDate(row.last_weight_read_at),
    exportValue: (row) => formatDate(row.last_weight_read_at),
  },
  {
    id: 'gdpv',
    header: 'GDPV (kg/día)',
    sortable: true,
    align: 'end',
    cell: (row) => formatNumber(row.GDPV, 3),
    exportValue: (row) => row.GDPV,
  },
  {
    id: 'gdpvital',
    header: 'GDPVital (kg/día)',
    sortable: true,
    align: 'end',
    cell: (row) => formatNumber(row.GDPVital, 3),
    exportValue: (row) => row.GDPVital,
  },
  {
    id: 'last_pregnancy_check',
    header: 'Últ. diagnóstico',
    cell: (row) =>
      row.last_pregnancy_check
        ? `${row.last_pregnancy_check.description ?? ''} (${formatDate(row.last_pregnancy_check.read_at)})`
        : '',
    exportValue: (row) => row.last_pregnancy_check?.description ?? null,
  },
  {
    id: 'last_artificial_insemination',
    header: 'Última IA',
    cell: (row) =>
      row.last_artificial_insemination
        ? `${formatDate(row.last_artificial_insemination.read_at)} · ${row.last_artificial_insemination.bull?.alias ?? ''}`
        : '',
    exportValue: (row) => formatDate(row.last_artificial_insemination?.read_at),
  },
  {
    id: 'mother',
    header: 'Madre',
    cell: (row) => text(row.mother_visual_tag),
    exportValue: (row) => row.mother_visual_tag,
  },
  {
    id: 'father',
    header: 'Padre',
    cell: (row) => text(row.father_alias),
    exportValue: (row) => row.father_alias,
  },
  {
    id: 'check_in_date',
    header: 'Ingreso',
    sortable: true,
    cell: (row) => formatDate(row.check_in_date),
    exportValue: (row) => formatDate(row.check_in_date),
  },
  {
    id: 'alerts',
    header: 'Alertas',
    compact: true,
    cell: (row) => (
      <HStack gap="1" flexWrap="wrap">
        {row.alerts.map((alert) => (
          <styled.span
            key={alert.id}
            px="2"
            py="0.5"
            borderRadius="full"
            bg="amber.3"
            color="amber.11"
            textStyle="xs"
            fontWeight="medium"
          >
            {alert.description}
          </styled.span>
        ))}
      </HStack>
    ),
    exportValue: (row) => row.alerts.map((alert) => alert.description).join(', ') || null,
  },
]
