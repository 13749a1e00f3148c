import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Box } from 'styled-system/jsx'
import { NewSessionDialog } from '~/features/cattle-handling/components/new-session-form'
import { SessionSelectorView } from '~/features/cattle-handling/components/session-selector-view'
import { exampleServices, exampleSessions } from '~/features/events/components/record-form.fixtures'

const services = exampleServices({}, 1200)

const meta = {
  title: 'Manga/SessionSelector',
  component: SessionSelectorView,
  args: {
    establishmentId: 1,
    work: 7,
    value: null,
    onChange: fn(),
    sessions: exampleSessions,
    onCreateSession: fn(services.createSession),
  },
  render: function Render(args) {
    const [value, setValue] = useState(args.value)
    return (
      <Box maxW="lg">
        <SessionSelectorView
          {...args}
          value={value}
          onChange={(id) => {
            setValue(id)
            args.onChange(id)
          }}
        />
      </Box>
    )
  },
} satisfies Meta<typeof SessionSelectorView>

export default meta
type Story = StoryObj<typeof meta>

/** The form's sessions to choose from, and 'Crear Sesión'. */
export const ConSesiones: Story = {}

export const SinSesiones: Story = {
  args: { sessions: [] },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('option', { name: 'No hay sesiones disponibles' }),
    ).toBeInTheDocument()
  },
}

export const Cargando: Story = { args: { sessions: undefined } }

/** The list could not be read (its retries spent): said so, with 'Reintentar'. */
export const ListaNoDisponible: Story = {
  args: { sessions: undefined, sessionsFailed: true, onRetrySessions: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('No se pudo obtener la lista de sesiones')
    await userEvent.click(canvas.getByRole('button', { name: 'Reintentar' }))
    await expect(args.onRetrySessions).toHaveBeenCalled()
  },
}

/** Opened from an existing session: shown read-only by its name. */
export const SesionFija: Story = { args: { fixed: { id: 31, name: 'Pesada destete 2026' } } }

export const ConError: Story = { args: { error: 'La sesión es obligatoria.' } }

/** 'Crear Sesión' from a weighing form: the type is locked to Pesada. */
export const CrearSesion: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Crear Sesión' }))
    const body = within(document.body)
    const dialog = await body.findByRole('dialog', { name: 'Crear Sesión' })
    const type = within(dialog).getByLabelText('Tipo de trabajo')
    await expect(type).toBeDisabled()
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Pesada destete 2027')
    await userEvent.type(within(dialog).getByLabelText('Descripción'), 'Destete de otoño')
  },
}

/** 'Nueva Sesión' from the Manga page: the type is chosen; the spec's messages when left empty. */
export const NuevaSesionConErrores: Story = {
  render: () => (
    <NewSessionDialog
      title="Nueva Sesión"
      open
      onOpenChange={fn()}
      establishmentId={1}
      onCreate={fn(services.createSession)}
      onCreated={fn()}
    />
  ),
  play: async () => {
    const dialog = within(await within(document.body).findByRole('dialog', { name: 'Nueva Sesión' }))
    // 'Crear Sesión' stays disabled while the form is as it opened: the fields are touched and left
    // empty, then a description lets it submit without a type.
    await userEvent.type(dialog.getByLabelText('Nombre'), 'x')
    await userEvent.clear(dialog.getByLabelText('Nombre'))
    await userEvent.type(dialog.getByLabelText('Descripción'), 'y')
    await userEvent.clear(dialog.getByLabelText('Descripción'))
    await userEvent.tab()
    await expect(await dialog.findByText('El nombre es obligatorio.')).toBeVisible()
    await expect(dialog.getByText('La descripción es obligatoria.')).toBeVisible()
    await userEvent.type(dialog.getByLabelText('Descripción'), 'Primer tacto')
    await userEvent.click(dialog.getByRole('button', { name: 'Crear Sesión' }))
    await expect(await dialog.findByText('el tipo es obligatorio.')).toBeVisible()
  },
}
