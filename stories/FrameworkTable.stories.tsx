import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { FrameworkTable } from '~/features/framework/components/framework-table'
import type { FrameworkItem, FrameworkKind } from '~/features/framework/framework.schema'
import type { ActionResult } from '~/lib/action-result'

const BULLS: FrameworkItem<'bulls'>[] = [
  {
    id: 1,
    alias: 'Pampero',
    breed_id: 1,
    breed: 'Angus',
    registration: 'HBA 4411',
    archived: false,
    uses: 12,
  },
  { id: 2, alias: 'Ñandú', breed_id: null, breed: null, registration: null, archived: false, uses: 0 },
  {
    id: 3,
    alias: 'Viejo Lucero',
    breed_id: 2,
    breed: 'Hereford',
    registration: null,
    archived: true,
    uses: 30,
  },
]
const answer = (result: ActionResult) => () => Promise.resolve(result)

const meta = {
  title: 'Configuración/FrameworkTable',
  component: FrameworkTable<FrameworkKind>,
  args: {
    kind: 'bulls',
    items: BULLS.filter((bull) => !bull.archived),
    loading: false,
    canEdit: true,
    showArchived: false,
    onShowArchivedChange: fn(),
    breeds: [
      { value: 1, label: 'Angus' },
      { value: 2, label: 'Hereford' },
    ],
    onSave: fn(answer({ ok: true })),
    onAction: fn(answer({ ok: true })),
    onReload: fn(),
  },
} satisfies Meta<typeof FrameworkTable<FrameworkKind>>

export default meta
type Story = StoryObj<typeof meta>

/** An administrator: bulls in use can only be archived; an unused one may be deleted too. */
export const TorosAdministrador: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: 'Toros' })
    await expect(within(table).getByRole('cell', { name: 'Pampero' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Eliminar toro Pampero' })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Eliminar toro Ñandú' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Archivar toro Pampero' })).toBeVisible()
  },
}

/** Archiving asks first, then calls the action. */
export const ArchivarToro: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Archivar toro Pampero' }))
    const dialog = await within(document.body).findByRole('alertdialog', {
      name: '¿Archivar el toro «Pampero»?',
    })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archivar' }))
    await expect(args.onAction).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 'archive')
  },
}

/** 'Mostrar archivados': the archived bull is listed, marked, and can be restored. */
export const ConArchivados: Story = {
  args: { items: BULLS, showArchived: true },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('switch', { name: 'Mostrar archivados' })).toBeChecked()
    await expect(canvas.getByText('Archivado')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Restaurar toro Viejo Lucero' }))
    await expect(args.onAction).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }), 'restore')
  },
}

/** A usuario reads the table: no add, edit, archive or delete. */
export const Usuario: Story = {
  args: { canEdit: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByText(/Solo un administrador del establecimiento puede modificar los toros/),
    ).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Agregar toro' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: /^Editar toro/ })).toBeNull()
  },
}

export const Inseminadores: Story = {
  args: {
    kind: 'inseminators',
    items: [
      { id: 1, first_name: 'Nora', last_name: 'Vidal', archived: false, uses: 3 },
      { id: 2, first_name: 'José', last_name: 'Pérez', archived: false, uses: 0 },
    ],
  },
}

export const Recorredores: Story = {
  args: {
    kind: 'riders',
    items: [{ id: 1, key: 'R1', description: 'Recorredor del norte', archived: false, uses: 0 }],
  },
}

export const Rodeos: Story = {
  args: {
    kind: 'rodeos',
    items: [
      { id: 1, name: 'Cría', animals: 112, archived: false, uses: 130 },
      { id: 2, name: 'Destete', animals: 0, archived: false, uses: 0 },
    ],
  },
}

export const Origenes: Story = {
  args: { kind: 'origins', items: [{ id: 1, description: 'Remate Rosario', archived: false, uses: 4 }] },
}

export const Propietarios: Story = {
  args: { kind: 'owners', items: [{ id: 1, name: 'Sucesión Pérez', archived: false, uses: 0 }] },
}

export const SinResultados: Story = { args: { items: [] } }
