import { Link, useRouteContext } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { hstack } from 'styled-system/patterns'
import type { DataTableColumn } from '~/components/data-table/data-table.types'
import { ESTABLISHMENT_PARAM, establishmentSearch } from '~/features/shell/components/paths'
import { formatAge, formatDate, formatNumber } from '~/lib/format'
import { ANIMAL_EXPORT_COLUMNS, type AnimalExportColumnId } from '../animals.export'
import type { AnimalListRow } from '../animals.schema'

const useEstablishmentId = () =>
  useRouteContext({
    from: '/management/_authed/establishment/app-insights',
    select: (context) => context.establishment.id,
  })

const LINK_STYLE = { fontWeight: 600 }

/** The IDV as a link to the animal's page, naming the establishment of the page it is on (decision 017). */
function RouterAnimalPageLink({ visualTag }: { visualTag: string }) {
  const establishmentId = useEstablishmentId()
  return (
    <Link
      to="/management/establishment/app-insights/animal/$visualTag"
      params={{ visualTag }}
      search={establishmentSearch(establishmentId)}
      style={LINK_STYLE}
    >
      {visualTag}
    </Link>
  )
}

/**
 * The animal page's address as the router's `Link` writes it: the tag encoded as a path parameter
 * (`encodeURIComponent`) and the establishment as `?establecimiento=N`.
 */
export function animalPageHref(visualTag: string, establishmentId: number) {
  return `/management/establishment/app-insights/animal/${encodeURIComponent(visualTag)}?${ESTABLISHMENT_PARAM}=${establishmentId}`
}

/**
 * The same anchor, written without the router: a server render has 50 of these, and each `Link`
 * built its location through the router (matching routes, serialising the search), ~3 % of the
 * page's CPU (decision 050). Only the server renders it; the browser hydrates the same `<a>` as a
 * `Link` (client navigation, preloading on intent, active state).
 */
function ServerAnimalPageLink({ visualTag }: { visualTag: string }) {
  const establishmentId = useEstablishmentId()
  return (
    <a style={LINK_STYLE} href={animalPageHref(visualTag, establishmentId)}>
      {visualTag}
    </a>
  )
}

const AnimalPageLink = import.meta.env.SSR ? ServerAnimalPageLink : RouterAnimalPageLink

// Cells are rendered 50 times a page (and on the server for every page view): their classes are
// computed once here rather than by styled components per cell (decision 041).
const monoClass = css({ fontFamily: 'mono' })
const alertsClass = hstack({ gap: '1', flexWrap: 'wrap' })
const alertChipClass = css({
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  bg: 'amber.3',
  color: 'amber.12',
  textStyle: 'xs',
  fontWeight: 'medium',
})

const text = (value: string | null | undefined) => value ?? ''
const lookup = (value: { description: string } | null) => value?.description ?? ''

type AnimalColumn = Omit<DataTableColumn<AnimalListRow>, 'header' | 'exportValue'> & {
  id: AnimalExportColumnId
}

/** How each column shows on screen; its header and spreadsheet value come from ANIMAL_EXPORT_COLUMNS. */
const SCREEN_COLUMNS: AnimalColumn[] = [
  {
    id: 'visual_tag',
    sortable: true,
    hideable: false,
    compact: true,
    cell: (row) => <AnimalPageLink visualTag={row.visual_tag} />,
  },
  {
    id: 'electronic_tag',
    sortable: true,
    compact: true,
    cell: (row) => <span className={monoClass}>{text(row.electronic_tag)}</span>,
  },
  {
    id: 'category',
    compact: true,
    cell: (row) => lookup(row.category),
  },
  {
    id: 'rodeo',
    compact: true,
    cell: (row) => lookup(row.rodeo),
  },
  { id: 'breed', cell: (row) => lookup(row.breed) },
  {
    id: 'gender',
    cell: (row) => lookup(row.gender),
  },
  { id: 'color', cell: (row) => lookup(row.color) },
  {
    id: 'date_of_birth',
    sortable: true,
    cell: (row) => formatDate(row.date_of_birth),
  },
  { id: 'age', cell: (row) => formatAge(row.age) },
  {
    id: 'last_weight',
    sortable: true,
    compact: true,
    align: 'end',
    cell: (row) => formatNumber(row.last_weight, 1),
  },
  {
    id: 'last_weight_read_at',
    cell: (row) => formatDate(row.last_weight_read_at),
  },
  {
    id: 'gdpv',
    sortable: true,
    align: 'end',
    cell: (row) => formatNumber(row.GDPV, 3),
  },
  {
    id: 'gdpvital',
    sortable: true,
    align: 'end',
    cell: (row) => formatNumber(row.GDPVital, 3),
  },
  {
    id: 'last_pregnancy_check',
    cell: (row) =>
      row.last_pregnancy_check
        ? `${row.last_pregnancy_check.description ?? ''} (${formatDate(row.last_pregnancy_check.read_at)})`
        : '',
  },
  {
    id: 'last_artificial_insemination',
    cell: (row) =>
      row.last_artificial_insemination
        ? `${formatDate(row.last_artificial_insemination.read_at)} · ${row.last_artificial_insemination.bull?.alias ?? ''}`
        : '',
  },
  {
    id: 'mother',
    cell: (row) => text(row.mother_visual_tag),
  },
  {
    id: 'father',
    cell: (row) => text(row.father_alias),
  },
  {
    id: 'check_in_date',
    sortable: true,
    cell: (row) => formatDate(row.check_in_date),
  },
  {
    id: 'alerts',
    compact: true,
    cell: (row) => (
      <div className={alertsClass}>
        {row.alerts.map((alert) => (
          <span key={alert.id} className={alertChipClass}>
            {alert.description}
          </span>
        ))}
      </div>
    ),
  },
]

/** The columns of the Animales table (spec section 3, animal list row). */
export const ANIMAL_COLUMNS: DataTableColumn<AnimalListRow>[] = SCREEN_COLUMNS.map((column) => ({
  ...column,
  header: ANIMAL_EXPORT_COLUMNS[column.id].header,
  exportValue: ANIMAL_EXPORT_COLUMNS[column.id].value,
}))
