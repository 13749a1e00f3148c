import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import type { AuditPage } from '~/features/audit/audit.schema'
import { AuditLogTable } from '~/features/audit/components/audit-log'

const PAGE: AuditPage = {
  data: [
    {
      id: 3,
      occurred_at: '2026-11-20T13:05:00.000Z',
      user_id: 2,
      user_name: 'Ana Gómez',
      establishment_id: 1,
      establishment_name: 'La Esperanza',
      action: 'bull_archive',
      entity: 'bull',
      entity_id: '7',
      before: { archived: false },
      after: { archived: true },
    },
    {
      id: 2,
      occurred_at: '2026-11-19T11:00:00.000Z',
      user_id: 1,
      user_name: 'Admin Demo',
      establishment_id: 1,
      establishment_name: 'La Esperanza',
      action: 'bull_update',
      entity: 'bull',
      entity_id: '7',
      before: { alias: 'Lucero', breed_id: null, registration: null },
      after: { alias: 'Viejo Lucero', breed_id: null, registration: null },
    },
  ],
  meta: { current_page: 1, per_page: 25, total: 2, last_page: 1, from: 1, to: 2 },
  people: [
    { id: 1, name: 'Admin Demo' },
    { id: 2, name: 'Ana Gómez' },
  ],
}

const meta = {
  title: 'Configuración/AuditLogTable',
  component: AuditLogTable,
  args: {
    page: PAGE,
    loading: false,
    view: { filters: {}, page: 1, perPage: 25, hidden: [], compact: false, selected: [] },
    onViewChange: fn(),
    onReload: fn(),
    exportRows: fn(() => Promise.resolve(PAGE.data)),
  },
} satisfies Meta<typeof AuditLogTable>

export default meta
type Story = StoryObj<typeof meta>

/** Who changed what, in Spanish: the rename reads before → after. */
export const Administrador: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Alias: «Lucero» → «Viejo Lucero»')).toBeVisible()
    await expect(canvas.getByText('Archivado: «no» → «sí»')).toBeVisible()
    await expect(canvas.getAllByText('Toro #7')).toHaveLength(2)
  },
}

/** A superadmin over every establishment: the establishment column and filter. */
export const SuperadminTodos: Story = {
  args: {
    superAdmin: { all: true, onAllChange: fn(), establishments: [{ value: '1', label: 'La Esperanza' }] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('switch', { name: 'Todos los establecimientos' })).toBeChecked()
    await expect(canvas.getByRole('columnheader', { name: /Establecimiento/ })).toBeVisible()
  },
}

export const SinResultados: Story = {
  args: { page: { ...PAGE, data: [], meta: { ...PAGE.meta, total: 0, from: null, to: null } } },
}

export const Cargando: Story = { args: { page: undefined, loading: true } }
