import type { Meta, StoryObj } from '@storybook/react-vite'
import { BellIcon, ChevronDownIcon, PlusIcon, RepeatIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { action } from 'storybook/actions'
import { expect, userEvent, within } from 'storybook/test'
import { styled } from 'styled-system/jsx'
import { DataTable } from '~/components/data-table/data-table'
import type {
  DataTableColumn,
  FilterConfig,
  FilterOption,
  RangeValue,
  TableViewState,
} from '~/components/data-table/data-table.types'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'

interface Animal {
  id: string
  idv: string
  rfid: string | null
  categoria: string
  rodeo: string
  raza: string
  sexo: 'Macho' | 'Hembra'
  nacimiento: string
  ultimoPeso: number | null
  fechaPeso: string | null
  gdpv: number | null
}

const CATEGORIAS = ['Vaca', 'Ternero', 'Ternera', 'Vaq 1 serv', 'Vaq Recría', 'Nov Engorde', 'Toro']
const RODEOS = ['Cría Norte', 'Cría Sur', 'Recría', 'Engorde', 'Toros']
const RAZAS = ['Angus', 'Hereford', 'Brangus', 'Braford', 'Mestizo', 'Limangus', 'Cruza']

/** A deterministic herd: the same rows on every render and screenshot. */
function makeHerd(count: number): Animal[] {
  return Array.from({ length: count }, (_, i) => {
    const categoria = CATEGORIAS[(i * 5) % CATEGORIAS.length] as string
    const macho = ['Ternero', 'Nov Engorde', 'Toro'].includes(categoria)
    const peso = 180 + ((i * 37) % 320)
    const weighed = i % 9 !== 4
    return {
      id: `an-${i + 1}`,
      idv: `LE-${String(1040 + i).padStart(5, '0')}`,
      rfid: i % 7 === 3 ? null : `0320000${String(81234567 + i * 7919).slice(0, 8)}`,
      categoria,
      rodeo: RODEOS[(i * 3) % RODEOS.length] as string,
      raza: RAZAS[(i * 11) % RAZAS.length] as string,
      sexo: macho ? 'Macho' : 'Hembra',
      nacimiento: `20${21 + (i % 4)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
      ultimoPeso: weighed ? peso : null,
      fechaPeso: weighed
        ? `2025-${String((i % 10) + 1).padStart(2, '0')}-${String((i % 26) + 2).padStart(2, '0')}`
        : null,
      gdpv: weighed ? Math.round((0.35 + ((i * 13) % 70) / 100) * 100) / 100 : null,
    }
  })
}

const HERD = makeHerd(137)

const kg = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const date = (iso: string) => iso.split('-').reverse().join('/')
const none = <styled.span color="fg.subtle">—</styled.span>

const columns: DataTableColumn<Animal>[] = [
  {
    id: 'idv',
    header: 'IDV',
    cell: (a) => <styled.span fontWeight="medium">{a.idv}</styled.span>,
    exportValue: (a) => a.idv,
    sortable: true,
    hideable: false,
    compact: true,
  },
  {
    id: 'rfid',
    header: 'RFID',
    cell: (a) => (a.rfid ? <styled.span fontFamily="mono">{a.rfid}</styled.span> : none),
    exportValue: (a) => a.rfid,
    compact: true,
  },
  {
    id: 'categoria',
    header: 'Categoría',
    cell: (a) => (
      <Badge size="sm" variant="outline">
        {a.categoria}
      </Badge>
    ),
    exportValue: (a) => a.categoria,
    sortable: true,
    compact: true,
  },
  {
    id: 'rodeo',
    header: 'Rodeo',
    cell: (a) => a.rodeo,
    exportValue: (a) => a.rodeo,
    sortable: true,
    compact: true,
  },
  { id: 'raza', header: 'Raza', cell: (a) => a.raza, exportValue: (a) => a.raza, sortable: true },
  { id: 'sexo', header: 'Sexo', cell: (a) => a.sexo, exportValue: (a) => a.sexo },
  {
    id: 'nacimiento',
    header: 'Nacimiento',
    cell: (a) => date(a.nacimiento),
    exportValue: (a) => date(a.nacimiento),
    sortable: true,
  },
  {
    id: 'ultimoPeso',
    header: 'Último peso (kg)',
    cell: (a) => (a.ultimoPeso === null ? none : kg.format(a.ultimoPeso)),
    exportValue: (a) => a.ultimoPeso,
    sortable: true,
    align: 'end',
    compact: true,
  },
  {
    id: 'fechaPeso',
    header: 'Fecha pesada',
    cell: (a) => (a.fechaPeso ? date(a.fechaPeso) : none),
    exportValue: (a) => (a.fechaPeso ? date(a.fechaPeso) : null),
    sortable: true,
  },
  {
    id: 'gdpv',
    header: 'GDPV (kg/día)',
    cell: (a) => (a.gdpv === null ? none : decimal.format(a.gdpv)),
    exportValue: (a) => a.gdpv,
    sortable: true,
    align: 'end',
  },
]

const toOptions = (values: string[]): FilterOption[] => values.map((value) => ({ value, label: value }))

const filters: FilterConfig[] = [
  {
    columnId: 'idv',
    label: 'IDV',
    type: 'input',
    isPrincipal: true,
    isCompact: true,
    placeholder: 'Buscar IDV',
  },
  { columnId: 'rfid', label: 'RFID', type: 'input', isCompact: true },
  {
    columnId: 'categoria',
    label: 'Categoría',
    type: 'multi-select',
    option: 'animal_types',
    isCompact: true,
  },
  { columnId: 'rodeo', label: 'Rodeo', type: 'multi-select', option: 'rodeo', frame: 'establishment' },
  { columnId: 'raza', label: 'Raza', type: 'select', option: 'breeds' },
  {
    columnId: 'sexo',
    label: 'Sexo',
    type: 'select',
    customOptions: toOptions(['Macho', 'Hembra']),
  },
  { columnId: 'nacimiento', label: 'Fecha de nacimiento', type: 'date-range' },
  { columnId: 'ultimoPeso', label: 'Último peso (kg)', type: 'range' },
]

const loadedOptions: Record<string, FilterOption[] | undefined> = {
  categoria: toOptions(CATEGORIAS),
  rodeo: toOptions(RODEOS),
  raza: toOptions(RAZAS),
}

const initialState: TableViewState = {
  filters: {},
  page: 1,
  perPage: 25,
  hidden: [],
  compact: false,
  selected: [],
}

/** What the server would do: filter, sort and page (the table itself never does). */
function query(state: TableViewState) {
  let rows = HERD.filter((animal) =>
    Object.entries(state.filters).every(([id, value]) => {
      const cell = animal[id as keyof Animal]
      if (typeof value === 'string') {
        if (id === 'raza' || id === 'sexo') return cell === value
        return String(cell ?? '')
          .toLowerCase()
          .includes(value.toLowerCase())
      }
      if (Array.isArray(value)) return value.includes(String(cell))
      if ('min' in value || 'max' in value) {
        const range = value as RangeValue
        if (typeof cell !== 'number') return false
        return (
          (range.min === undefined || cell >= range.min) && (range.max === undefined || cell <= range.max)
        )
      }
      const dates = value as { from?: string; to?: string }
      const text = String(cell ?? '')
      return (!dates.from || text >= dates.from) && (!dates.to || text <= dates.to)
    }),
  )
  if (state.sort) {
    const { id, desc } = state.sort
    rows = [...rows].sort((a, b) => {
      const x = a[id as keyof Animal]
      const y = b[id as keyof Animal]
      if (x === y) return 0
      if (x === null) return 1
      if (y === null) return -1
      return (x < y ? -1 : 1) * (desc ? -1 : 1)
    })
  }
  const start = (state.page - 1) * state.perPage
  return { rows: rows.slice(start, start + state.perPage), total: rows.length }
}

/** The page-specific toolbar buttons, as the animals page will pass them (disabled for now). */
const pageActions = (
  <>
    <Button variant="outline" size="sm" disabled>
      <BellIcon aria-hidden />
      Alertas
    </Button>
    <Button variant="outline" size="sm" disabled>
      <RepeatIcon aria-hidden />
      Eventos
    </Button>
    <Button size="sm" title="Agregar nuevo animal" aria-label="Agregar nuevo animal">
      <PlusIcon aria-hidden />
      Nuevo
      <ChevronDownIcon aria-hidden />
    </Button>
  </>
)

interface CattleTableProps {
  state?: Partial<TableViewState>
  loading?: boolean
  error?: string
  empty?: boolean
  /** `false` leaves the dropdown lookups unloaded ('no disponible'). */
  optionsLoaded?: boolean
}

/** The animals table with a fake server behind it; the story's state stands in for the URL. */
function CattleTable({
  state: initial,
  loading = false,
  error,
  empty = false,
  optionsLoaded = true,
}: CattleTableProps) {
  const [state, setState] = useState<TableViewState>({ ...initialState, ...initial })
  const page = useMemo(() => (empty ? { rows: [], total: 0 } : query(state)), [state, empty])
  return (
    <DataTable
      label="animales"
      columns={columns}
      rows={loading || error ? [] : page.rows}
      getRowId={(animal) => animal.id}
      total={error || loading ? 0 : page.total}
      loading={loading}
      error={error}
      state={state}
      onStateChange={(next) => {
        action('onStateChange')(next)
        setState(next)
      }}
      filters={filters}
      filterOptions={optionsLoaded ? loadedOptions : {}}
      onReload={action('onReload')}
      exportRows={async (ids) => HERD.filter((animal) => ids.includes(animal.id))}
      toolbarActions={pageActions}
    />
  )
}

const meta = {
  title: 'Datos/DataTable',
  component: CattleTable,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof CattleTable>

export default meta
type Story = StoryObj<typeof meta>

export const Animales: Story = {}

export const SinResultados: Story = { args: { empty: true } }

export const Cargando: Story = { args: { loading: true } }

export const ConError: Story = { args: { error: 'No se pudo obtener la lista de animales' } }

export const ConFiltros: Story = {
  args: {
    state: {
      filters: { rodeo: ['Cría Norte', 'Cría Sur'], ultimoPeso: { min: 250 } },
      sort: { id: 'ultimoPeso', desc: true },
    },
  },
}

export const Compacto: Story = { args: { state: { compact: true } } }

export const ConSeleccion: Story = {
  args: { state: { selected: ['an-1', 'an-3', 'an-4', 'an-90'] } },
}

/** Lookups not loaded yet: the dropdowns say 'no disponible'. */
export const OpcionesNoDisponibles: Story = {
  args: { optionsLoaded: false },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(await body.findByRole('button', { name: 'Filtros' }))
    const popover = await body.findByRole('dialog', { name: 'Filtros' })
    await userEvent.click(within(popover).getByRole('button', { name: /^Rodeo/ }))
    await expect(await body.findByText('no disponible')).toBeInTheDocument()
  },
}

/** The 'Filtros' popover open, with a filter applied so 'Quitar Filtros' shows. */
export const PopoverDeFiltros: Story = {
  args: { state: { filters: { categoria: ['Vaca'] } } },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(await body.findByRole('button', { name: 'Filtros' }))
    const popover = await body.findByRole('dialog', { name: 'Filtros' })
    await expect(within(popover).getByRole('button', { name: /Quitar Filtros/ })).toBeVisible()
    await expect(within(popover).getByText('Rango numérico')).toBeVisible()
  },
}

/** The 'Raza' dropdown has more than 5 options, so it gets a search box. */
export const DesplegableConBuscador: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(await body.findByRole('button', { name: 'Filtros' }))
    const popover = await body.findByRole('dialog', { name: 'Filtros' })
    await userEvent.click(within(popover).getByRole('button', { name: /^Raza/ }))
    await userEvent.type(await body.findByRole('searchbox', { name: 'Buscar en Raza' }), 'bra')
    await expect(body.getByRole('radio', { name: 'Brangus' })).toBeInTheDocument()
  },
}

/** Sorting by a header: a click cycles ascending, descending, none. */
export const OrdenarPorColumna: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const header = await canvas.findByRole('columnheader', { name: /Último peso/ })
    await userEvent.click(within(header).getByRole('button'))
    await expect(header).toHaveAttribute('aria-sort', 'ascending')
  },
}
