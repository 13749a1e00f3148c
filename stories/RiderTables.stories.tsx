import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { DataTable } from '~/components/data-table/data-table'
import type { TableViewState } from '~/components/data-table/data-table.types'
import { RIDER_COLUMNS } from '~/features/riders/components/rider-columns'
import { RIDER_KIND_TEXT, type RiderRecordKind, type RiderRowByKind } from '~/features/riders/riders.schema'
import { RIDER_FILTERS } from '~/features/riders/riders.view'

type Row = RiderRowByKind[RiderRecordKind]

const common = { rider_id: 1, rider: 'Juan Pérez', rodeo: 'Cría' }
const ROWS: { [K in RiderRecordKind]: RiderRowByKind[K][] } = {
  births: [
    {
      ...common,
      id: 1,
      read_at: '2026-09-12',
      mother_id: '00000000-0000-4000-8000-000000000001',
      mother_visual_tag: 'V-100',
      calf_id: '00000000-0000-4000-8000-000000000002',
      calf_visual_tag: 'T-1',
      sex_id: 2,
      sex: 'Hembra',
      birth_type_id: 1,
      birth_type: 'Normal',
      weight_at_birth: 32.5,
      note: null,
    },
    {
      ...common,
      id: 2,
      read_at: '2026-09-14',
      mother_id: '00000000-0000-4000-8000-000000000003',
      mother_visual_tag: 'V-101',
      calf_id: '00000000-0000-4000-8000-000000000004',
      calf_visual_tag: null,
      sex_id: 1,
      sex: 'Macho',
      birth_type_id: 2,
      birth_type: 'Asistido',
      weight_at_birth: null,
      note: 'Parto de noche',
      rider_id: null,
      rider: null,
    },
  ],
  deaths: [
    {
      ...common,
      id: 3,
      read_at: '2026-10-02',
      animal_id: '00000000-0000-4000-8000-000000000005',
      visual_tag: 'V-200',
      death_cause_id: 1,
      death_cause: 'Neumonía',
      note: null,
    } as RiderRowByKind['deaths'],
  ],
  treatments: [
    {
      ...common,
      id: 4,
      read_at: '2026-11-20',
      animal_id: '00000000-0000-4000-8000-000000000006',
      visual_tag: 'V-300',
      treatment_id: 1,
      treatment: 'Antibiótico',
      dose: '10 ml',
      route: 'subcutánea',
      withdrawal_days: 30,
      withdrawal_end: '2026-12-20',
    },
  ],
  'body-conditions': [
    {
      ...common,
      id: 5,
      read_at: '2026-11-01',
      animal_id: '00000000-0000-4000-8000-000000000007',
      visual_tag: 'V-400',
      body_conditions_rider_id: 2,
      condition: 'Buena',
    } as RiderRowByKind['body-conditions'],
  ],
  notes: [
    {
      ...common,
      id: 6,
      read_at: '2026-11-03',
      animal_id: '00000000-0000-4000-8000-000000000008',
      visual_tag: 'V-500',
      content: 'Renguea de la pata trasera',
    } as RiderRowByKind['notes'],
  ],
}

const tagOf = (kind: RiderRecordKind, row: Row) =>
  kind === 'births'
    ? (row as RiderRowByKind['births']).mother_visual_tag
    : (row as { visual_tag: string }).visual_tag

interface RiderTableStoryProps {
  kind: RiderRecordKind
  onEdit: (row: Row) => void
  onDelete: (row: Row) => void
  loading?: boolean
  error?: string
  empty?: boolean
}

/** One kind's table as the Recorredores page draws it: its columns, filters and actions. */
function RiderTableStory({ kind, onEdit, onDelete, loading = false, error, empty }: RiderTableStoryProps) {
  const [view, setView] = useState<TableViewState>({
    filters: {},
    page: 1,
    perPage: 25,
    hidden: [],
    compact: false,
    selected: [],
  })
  const rows = (empty ? [] : ROWS[kind]) as Row[]
  const text = RIDER_KIND_TEXT[kind]
  return (
    <DataTable<Row>
      label={text.plural}
      exportLabel={text.tab}
      columns={RIDER_COLUMNS[kind]({ onEdit, onDelete }) as never}
      rows={rows}
      getRowId={(row) => String(row.id)}
      getRowLabel={(row) => tagOf(kind, row)}
      total={rows.length}
      loading={loading}
      error={error}
      state={view}
      onStateChange={setView}
      filters={RIDER_FILTERS}
      filterOptions={{
        rider: [{ value: '1', label: 'Juan Pérez' }],
        rodeo: [{ value: '1', label: 'Cría' }],
      }}
      onReload={fn()}
      exportRows={(ids) => Promise.resolve(rows.filter((row) => ids.includes(String(row.id))))}
    />
  )
}

const meta = {
  title: 'Recorredores/Tablas',
  component: RiderTableStory,
  args: { kind: 'births', onEdit: fn(), onDelete: fn() },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof RiderTableStory>

export default meta
type Story = StoryObj<typeof meta>

/** Partos: a calf waiting for its tag reads 'Pendiente de caravana'; the edit action names the mother. */
export const Partos: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: 'Partos' })
    await expect(within(table).getByRole('cell', { name: 'T-1' })).toBeVisible()
    await expect(within(table).getByText('Pendiente de caravana')).toBeVisible()
    await expect(within(table).getByText('12/09/2026')).toBeVisible()
    // es-AR numbers: a decimal comma.
    await expect(within(table).getByRole('cell', { name: '32,5' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Editar el parto de V-101' }))
    await expect(args.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }))
  },
}

export const Muertes: Story = {
  args: { kind: 'deaths' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('cell', { name: 'Neumonía' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Eliminar la muerte de V-200' }))
    await expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }))
  },
}

/** Tratamientos: the withdrawal's end is a date the table writes out. */
export const Tratamientos: Story = {
  args: { kind: 'treatments' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: 'Tratamientos' })
    await expect(within(table).getByRole('columnheader', { name: /Fin del retiro/ })).toBeVisible()
    await expect(within(table).getByText('20/12/2026')).toBeVisible()
    await expect(within(table).getByRole('cell', { name: '10 ml' })).toBeVisible()
  },
}

export const CondicionCorporal: Story = {
  args: { kind: 'body-conditions' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('cell', { name: 'Buena' })).toBeVisible()
  },
}

export const Notas: Story = {
  args: { kind: 'notes' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Renguea de la pata trasera')).toBeVisible()
  },
}

/** No records yet, and a list that failed: the table says so in Spanish. */
export const SinRegistros: Story = { args: { kind: 'treatments', empty: true } }

export const ErrorAlCargar: Story = {
  args: { kind: 'deaths', empty: true, error: 'No se pudo obtener la lista de muertes' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No se pudo obtener la lista de muertes')).toBeVisible()
  },
}
