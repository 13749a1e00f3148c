import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Stack } from 'styled-system/jsx'
import { z } from 'zod'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { farmToday, MIN_RECORD_DATE } from '~/lib/record-rules'

const schema = z.object({
  visual_tag: z.string().trim().min(1, 'IDV Requerido'),
  electronic_tag: z.string().refine((v) => v === '' || v.length === 15, 'Debe tener 15 caracteres'),
  weight: z.number('Peso inválido').positive('El peso debe ser mayor a 0').nullable(),
  breed_id: z.number().int().nullable(),
  read_at: z.string(),
  notes: z.string(),
})
type Values = z.infer<typeof schema>

const empty: Values = {
  visual_tag: '',
  electronic_tag: '',
  weight: null,
  breed_id: null,
  read_at: '',
  notes: '',
}

/** Every bound field of the form kit (app/components/form) in one form. */
function ExampleForm({
  onSubmit,
  loadedLookups = true,
}: {
  onSubmit: (v: Values) => Promise<void>
  loadedLookups?: boolean
}) {
  const form = useAppForm({
    defaultValues: empty,
    canSubmitWhenInvalid: true,
    validators: { onSubmit: schema },
    onSubmit: ({ value }) => onSubmit(value),
  })
  return (
    <form.AppForm>
      <form.Form>
        <Stack gap="4" maxW="sm">
          <form.AppField name="visual_tag" validators={fieldValidatorsFrom(schema, 'visual_tag')}>
            {(field) => <field.TextField label="IDV" placeholder="Caravana visual" />}
          </form.AppField>
          <form.AppField name="electronic_tag" validators={fieldValidatorsFrom(schema, 'electronic_tag')}>
            {(field) => <field.TextField label="RFID" digitsOnly maxLength={15} helperText="15 dígitos" />}
          </form.AppField>
          <form.AppField name="weight" validators={fieldValidatorsFrom(schema, 'weight')}>
            {(field) => <field.NumberField label="Peso (kg)" placeholder="350,5" />}
          </form.AppField>
          <form.AppField name="breed_id">
            {(field) => (
              <field.SelectField
                label="Raza"
                placeholder="Seleccione una raza"
                options={
                  loadedLookups
                    ? [
                        { value: 1, label: 'Angus' },
                        { value: 2, label: 'Hereford' },
                      ]
                    : []
                }
              />
            )}
          </form.AppField>
          <form.AppField name="read_at">
            {(field) => <field.DateField label="Fecha" withTime min={MIN_RECORD_DATE} max={farmToday()} />}
          </form.AppField>
          <form.AppField name="notes">
            {(field) => <field.TextareaField label="Observaciones" />}
          </form.AppField>
          <form.SubmitButton>Guardar</form.SubmitButton>
        </Stack>
      </form.Form>
    </form.AppForm>
  )
}

const meta = {
  title: 'UI/Formulario',
  component: ExampleForm,
  args: { onSubmit: fn(async () => {}) },
} satisfies Meta<typeof ExampleForm>

export default meta
type Story = StoryObj<typeof meta>

/** As opened: 'Guardar' stays disabled until something changes. */
export const SinCambios: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Guardar' })).toBeDisabled()
  },
}

export const ConErrores: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('RFID'), '12345')
    await userEvent.type(canvas.getByLabelText('Peso (kg)'), 'abc')
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    await expect(await canvas.findByText('IDV Requerido')).toBeVisible()
    await expect(await canvas.findByText('Debe tener 15 caracteres')).toBeVisible()
  },
}

/** The lookups have not arrived yet: the selects read 'no disponible'. */
export const SinListas: Story = { args: { loadedLookups: false } }

export const Enviando: Story = {
  args: { onSubmit: fn(() => new Promise<void>((resolve) => setTimeout(resolve, 3000))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('IDV'), 'A-100')
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }))
    await expect(await canvas.findByRole('button', { name: 'Enviando...' })).toBeDisabled()
  },
}
