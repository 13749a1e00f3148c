import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { EstablishmentDetails } from '~/features/establishments/components/establishment-details'
import { EstablishmentsAdmin } from '~/features/establishments/components/establishments-admin'
import {
  type EstablishmentDetail,
  ESTABLISHMENT_ADMIN_MESSAGES as M,
} from '~/features/establishments/establishment-admin.schema'
import type { ActionResult } from '~/lib/action-result'
import { withStoryLinks } from './support'

const ALAMOS: EstablishmentDetail = {
  id: 1,
  name: 'Estancia Los Álamos',
  url_dashboard_cattle_handling: 'https://tableros.example.com/manga',
  archived: false,
  members: 3,
  administrators: 1,
}
const OLD: EstablishmentDetail = {
  id: 2,
  name: 'La Vieja',
  url_dashboard_cattle_handling: null,
  archived: true,
  members: 2,
  administrators: 1,
}

const answer = (result: ActionResult) => () => Promise.resolve(result)

const meta = {
  title: 'Configuración/Establecimientos',
  component: EstablishmentsAdmin,
  decorators: [withStoryLinks],
  args: {
    establishments: [ALAMOS, OLD],
    onCreate: fn(answer({ ok: true, message: M.created })),
    onArchive: fn(answer({ ok: true, message: M.archived })),
  },
} satisfies Meta<typeof EstablishmentsAdmin>

export default meta
type Story = StoryObj<typeof meta>

/** The superadministrador's list: creates one, archives one, restores another. */
export const Lista: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Nombre del establecimiento'), ' La Querencia ')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear establecimiento' }))
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'La Querencia',
      url_dashboard_cattle_handling: null,
    })
    await userEvent.click(canvas.getByRole('button', { name: 'Archivar Estancia Los Álamos' }))
    await expect(args.onArchive).toHaveBeenCalledWith(1, true)
    await userEvent.click(canvas.getByRole('button', { name: 'Restaurar La Vieja' }))
    await expect(args.onArchive).toHaveBeenCalledWith(2, false)
  },
}

/** A taken name (whatever its accents) is refused under the field; a dashboard must be https. */
export const NombreRepetido: Story = {
  args: { onCreate: fn(answer({ ok: false, error: M.duplicate('Estancia Los Álamos') })) },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('URL del tablero de manga (opcional)'), 'http://x.test')
    await userEvent.type(canvas.getByLabelText('Nombre del establecimiento'), 'estancia los alamos')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear establecimiento' }))
    await expect(await canvas.findByText(M.urlInvalid)).toBeVisible()
    await expect(args.onCreate).not.toHaveBeenCalled()
    await userEvent.clear(canvas.getByLabelText('URL del tablero de manga (opcional)'))
    await userEvent.click(canvas.getByRole('button', { name: 'Crear establecimiento' }))
    await expect(await canvas.findByText(M.duplicate('Estancia Los Álamos'))).toBeVisible()
  },
}

/** 'Configuración del establecimiento' as a member sees it: read-only. */
export const DetalleSoloLectura: Story = {
  render: () => <EstablishmentDetails establishment={ALAMOS} canEdit={false} onSave={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Estancia Los Álamos')).toBeVisible()
    await expect(canvas.getByText(/Solo un superadministrador puede cambiar/)).toBeVisible()
    await expect(canvas.queryByRole('form')).toBeNull()
  },
}

/** The same for a superadministrador: renames it. */
export const DetalleEditable: Story = {
  render: (args) => <EstablishmentDetails establishment={ALAMOS} canEdit onSave={args.onCreate} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const name = canvas.getByLabelText('Nombre')
    await userEvent.clear(name)
    await userEvent.type(name, 'Los Álamos del Sur')
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    await expect(args.onCreate).toHaveBeenCalledWith({
      name: 'Los Álamos del Sur',
      url_dashboard_cattle_handling: 'https://tableros.example.com/manga',
    })
  },
}
