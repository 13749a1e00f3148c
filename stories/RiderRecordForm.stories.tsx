import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import { RiderRecordForm } from '~/features/riders/components/rider-record-form'
import type { RiderFormOptions } from '~/features/riders/riders.schema'

const list = (...names: string[]) => names.map((description, i) => ({ id: i + 1, description }))
const OPTIONS: RiderFormOptions = {
  riders: list('Juan Pérez', 'María Gómez'),
  death_causes: list('Neumonía', 'Accidente'),
  treatments: list('Antibiótico', 'Vacuna aftosa'),
  body_conditions_riders: list('Flaca', 'Buena'),
  sexes: list('Macho', 'Hembra'),
  birth_types: list('Normal', 'Asistido'),
  rodeos: list('Cría'),
}

const cow = (visual_tag: string) =>
  ({
    animal_id: `00000000-0000-4000-8000-00000000000${visual_tag.length}`,
    visual_tag,
    electronic_tag: null,
    category_description: 'Vaca',
    rodeo_description: 'Cría',
    alerts: [],
    check_out_date: null,
    check_out_type_description: null,
  }) as unknown as AnimalListRow

const meta = {
  title: 'Recorredores/RiderRecordForm',
  component: RiderRecordForm,
  args: {
    kind: 'births',
    options: OPTIONS,
    findAnimal: fn((tag: string) => Promise.resolve(cow(tag))),
    onSave: fn(() => Promise.resolve({ ok: true as const, message: 'Registrado' })),
    onClose: fn(),
  },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof RiderRecordForm>

export default meta
type Story = StoryObj<typeof meta>

/** A calving: the mother by scan, the calf's sex, weight (decimal keypad) and tag. */
export const Parto: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Caravana (IDV o RFID)'), 'V-100{Enter}')
    await expect(await canvas.findByRole('region', { name: 'Animal V-100' })).toBeVisible()
    await userEvent.selectOptions(canvas.getByLabelText(/Sexo del ternero/), 'Hembra')
    await expect(canvas.getByLabelText('Peso al nacer (kg)')).toHaveAttribute('inputmode', 'decimal')
    await userEvent.type(canvas.getByLabelText('Caravana del ternero (IDV)'), 'T-1')
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({ mother_id: cow('V-100').animal_id, sex_id: 2, calf_visual_tag: 'T-1' }),
    )
  },
}

/** 'Pendiente de caravana' hides the calf's tag fields. */
export const PartoPendienteDeCaravana: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByLabelText('Pendiente de caravana'))
    await expect(canvas.queryByLabelText('Caravana del ternero (IDV)')).toBeNull()
  },
}

export const Muerte: Story = { args: { kind: 'deaths' } }

/** A treatment takes many animals: each scan adds one. */
export const Tratamiento: Story = {
  args: { kind: 'treatments' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const tag of ['V-1', 'V-22']) {
      await userEvent.type(canvas.getByLabelText('Caravana (IDV o RFID)'), `${tag}{Enter}`)
      await expect(await canvas.findByRole('button', { name: `Quitar ${tag}` })).toBeVisible()
    }
  },
}

export const CondicionCorporal: Story = { args: { kind: 'body-conditions' } }
export const Nota: Story = { args: { kind: 'notes' } }
