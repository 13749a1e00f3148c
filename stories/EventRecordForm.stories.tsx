import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Stack, styled } from 'styled-system/jsx'
import { EventRecordDialog } from '~/features/events/components/event-record-dialog'
import type { RecordServices } from '~/features/events/components/event-record-form'
import { exampleLookups, exampleServices } from '~/features/events/components/record-form.fixtures'
import { emptyRecordValues } from '~/features/events/record-values'

const meta = {
  title: 'Manga/EventRecordForm',
  component: EventRecordDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    kind: 'weighing',
    establishmentId: 1,
    lookups: exampleLookups,
    services: exampleServices({}, 600),
    onClose: fn(),
  },
} satisfies Meta<typeof EventRecordDialog>

export default meta
type Story = StoryObj<typeof meta>

const dialogNamed = async (name: string) => within(await within(document.body).findByRole('dialog', { name }))

/**
 * 'Nueva Pesada' at the chute: try the tags 1201, 1202 (alerts), 2401 (never weighed), the RFID
 * 32308802798430 (lost its leading zero), or an unknown one.
 */
export const NuevaPesada: Story = {
  play: async () => {
    const dialog = await dialogNamed('Nueva Pesada')
    await userEvent.selectOptions(dialog.getByLabelText('Sesión'), 'Pesada control otoño')
    await userEvent.type(dialog.getByLabelText('Caravana (IDV o RFID)'), '32308802798430{Enter}')
    await expect(await dialog.findByRole('region', { name: 'Animal 1202' })).toBeVisible()
    await waitFor(() => expect(dialog.getByLabelText('Peso (kg)')).toHaveFocus())
  },
}

export const NuevaInseminacion: Story = { args: { kind: 'artificial-insemination' } }
export const NuevoDiagGestacion: Story = { args: { kind: 'pregnancy-check' } }
export const NuevoPreservicio: Story = { args: { kind: 'preservice' } }

/** Opened from an existing session: read-only. 1201 is already in it: the form warns. */
export const AnimalRepetidoEnLaSesion: Story = {
  args: { fixedSession: { id: 31, name: 'Pesada destete 2026' } },
  play: async () => {
    const dialog = await dialogNamed('Nueva Pesada')
    await userEvent.type(dialog.getByLabelText('Caravana (IDV o RFID)'), '1201{Enter}')
    // Two answers of the example services (the animal, then its events) at 600 ms each.
    await expect(
      await dialog.findByText('Este animal ya tiene una pesada en esta sesión.', {}, { timeout: 3000 }),
    ).toBeVisible()
  },
}

const confirmedCreate = fn(async (_write: Parameters<RecordServices['create']>[0]) => ({ ok: true as const }))

/** 'Registrar de todos modos' records the repeat: the write says the person confirmed it. */
export const RepeticionConfirmada: Story = {
  args: {
    fixedSession: { id: 31, name: 'Pesada destete 2026' },
    services: exampleServices({ create: confirmedCreate }, 100),
  },
  play: async () => {
    confirmedCreate.mockClear()
    const dialog = await dialogNamed('Nueva Pesada')
    await userEvent.type(dialog.getByLabelText('Caravana (IDV o RFID)'), '1201{Enter}')
    await expect(
      await dialog.findByText('Este animal ya tiene una pesada en esta sesión.', {}, { timeout: 3000 }),
    ).toBeVisible()
    await userEvent.type(dialog.getByLabelText('Peso (kg)'), '300{Enter}')
    await userEvent.click(await dialog.findByRole('button', { name: 'Registrar de todos modos' }))
    await waitFor(() => expect(confirmedCreate).toHaveBeenCalledTimes(1))
    await expect(confirmedCreate.mock.calls[0]?.[0].body).toMatchObject({ confirm_repeat: true, weight: 300 })
  },
}

/** An unknown tag says so, and offers to create the animal when the page can. */
export const CaravanaDesconocida: Story = {
  args: { onCreateAnimal: fn(async (_tag: string): Promise<string | null> => null) },
  play: async ({ args }) => {
    const dialog = await dialogNamed('Nueva Pesada')
    await userEvent.type(dialog.getByLabelText('Caravana (IDV o RFID)'), '9999{Enter}')
    await expect(
      await dialog.findByText('No hay ningún animal con la caravana 9999 en este establecimiento.'),
    ).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Crear animal 9999' }))
    await expect(args.onCreateAnimal).toHaveBeenCalledWith('9999')
  },
}

/** The server refuses: the error toast carries its message. */
export const ErrorDelServidor: Story = {
  args: {
    fixedSession: { id: 30, name: 'Pesada control otoño' },
    services: exampleServices(
      { create: async () => ({ ok: false, error: 'La sesión elegida no es de pesada.' }) },
      300,
    ),
  },
}

export const Edicion: Story = {
  args: {
    editing: {
      id: 501,
      version: 3,
      animalTag: '1201',
      session: { id: 31, name: 'Pesada destete 2026' },
      values: {
        ...emptyRecordValues('weighing', { id: 31, name: 'Pesada destete 2026' }),
        animal_id: '6f1c1d2e-0000-4000-8000-000000000001',
        read_at: '2026-05-14 09:12:00',
        weighing_time_id: 3,
        weight: 412.5,
      },
    },
  },
}

/** With the bulk panel of issue 8 plugged in: 'Individual' and 'Masivo' tabs. */
export const ConMasivo: Story = {
  args: {
    bulkPanel: (
      <Stack p="6" borderWidth="1px" borderStyle="dashed" borderRadius="l2">
        <styled.p color="fg.muted">Aquí va el panel de carga masiva (issue 8).</styled.p>
      </Stack>
    ),
  },
}
