import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Box } from 'styled-system/jsx'
import type { AnimalWriteResult } from '~/features/animals/animal-record.functions'
import { AnimalForm, type AnimalFormLookups } from '~/features/animals/components/animal-form'
import { animalLookups, cow, fakePickerSource } from './animal-fixtures'

/** Answers `result` after `ms`, like a server function on a slow connection. */
function answerAfter(ms: number, result: AnimalWriteResult) {
  return () => new Promise<AnimalWriteResult>((resolve) => setTimeout(() => resolve(result), ms))
}

const pickerSource = fakePickerSource()

/** The create form ('Agregar nuevo animal' → 'Individual'). */
function Alta({ lookups = animalLookups }: { lookups?: AnimalFormLookups }) {
  return (
    <AnimalForm
      kind="create"
      establishmentId={3}
      lookups={lookups}
      pickerSource={pickerSource}
      onSubmit={fn(answerAfter(1500, { ok: true, message: 'Animal creado exitosamente', animal: cow }))}
      onDone={fn()}
      onCancel={fn()}
    />
  )
}

/** The edit form of an animal. */
function Edicion({ result }: { result: AnimalWriteResult }) {
  return (
    <AnimalForm
      kind="edit"
      animal={cow}
      lookups={animalLookups}
      pickerSource={pickerSource}
      onSubmit={fn(answerAfter(1500, result))}
      onDone={fn()}
      onCancel={fn()}
      onDelete={fn()}
    />
  )
}

const saved: AnimalWriteResult = { ok: true, message: 'Animal modificado exitosamente', animal: cow }

const meta = {
  title: 'Animales/AnimalForm',
  component: Alta,
  decorators: [(Story) => <Box maxW="3xl">{Story()}</Box>],
} satisfies Meta<typeof Alta>

export default meta
type Story = StoryObj<typeof meta>
type EditStory = StoryObj<typeof Edicion>

/** Empty; 'Crear animal' disabled until something changes. */
export const NuevoAnimal: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Crear animal' })).toBeDisabled()
  },
}

/** Every required message of section 5 after a first attempt. */
export const NuevoAnimalConErrores: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText(/^IDV/), ' ')
    await userEvent.type(canvas.getByLabelText('RFID'), '12345')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear animal' }))
    for (const message of [
      'El campo IDV no puede estar vacío',
      'Debe tener 15 caracteres',
      'Categoria Requerida',
      'Raza Requerida',
      'Color Requerido',
      'Check-in Requerido',
    ]) {
      await expect(await canvas.findByText(message)).toBeVisible()
    }
  },
}

/** Lookups not loaded yet: the selects read 'no disponible'. */
export const SinListas: Story = {
  args: {
    lookups: {
      categories: [],
      breeds: [],
      colors: [],
      sexes: [],
      birthTypes: [],
      checkInTypes: [],
      rodeos: [],
      bulls: [],
    },
  },
}

/** Editing: the form opens on the animal's values; 'Eliminar' is there for any user. */
export const EditarAnimal: EditStory = {
  render: (args) => <Edicion {...args} />,
  args: { result: saved },
}

/** 'Guardar' first lists what changed; 'Confirmar' sends ('Enviando...' meanwhile). */
export const RevisarCambios: EditStory = {
  render: (args) => <Edicion {...args} />,
  args: { result: saved },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByLabelText('Rodeo'), 'Recría')
    await userEvent.type(canvas.getByLabelText('Origen'), 'Remate Rosario')
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    const body = within(document.body)
    await expect(await body.findByText('Revisar cambios')).toBeVisible()
    await expect(body.getByRole('list', { name: 'Cambios' })).toHaveTextContent(
      'Rodeo: Rodeo General → Recría',
    )
  },
}

/** The server refuses a stale edit: 'Error al modificar animal' with 'IDV: {tag}. {message}'. */
export const EdicionRechazada: EditStory = {
  render: (args) => <Edicion {...args} />,
  args: {
    result: {
      ok: false,
      error:
        'Otro usuario modificó este animal mientras usted lo editaba. Cierre el formulario, revise los datos actuales y vuelva a aplicar sus cambios.',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Origen'), 'x')
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    await userEvent.click(await within(document.body).findByRole('button', { name: 'Confirmar' }))
    await expect(
      await within(document.body).findByText('Error al modificar animal', {}, { timeout: 4000 }),
    ).toBeVisible()
  },
}
