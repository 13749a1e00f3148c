import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { useAppForm } from './app-form'
import { parseDecimal } from './fields'
import { fieldValidatorsFrom } from './validation'

const schema = z.object({
  visual_tag: z.string().trim().min(1, 'IDV Requerido'),
  weight: z.number('Peso inválido').positive('El peso debe ser mayor a 0').nullable(),
  breed_id: z.number().int().nullable(),
  read_at: z.string(),
})
type Values = z.infer<typeof schema>

const BREEDS = [
  { value: 1, label: 'Angus' },
  { value: 2, label: 'Hereford' },
]

function TestForm({
  onSubmit,
  defaults = { visual_tag: '', weight: null, breed_id: null, read_at: '' },
}: {
  onSubmit: (values: Values) => Promise<void>
  defaults?: Values
}) {
  const form = useAppForm({
    defaultValues: defaults,
    canSubmitWhenInvalid: true,
    validators: { onSubmit: schema },
    onSubmit: ({ value }) => onSubmit(value),
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="visual_tag" validators={fieldValidatorsFrom(schema, 'visual_tag')}>
          {(field) => <field.TextField label="IDV" />}
        </form.AppField>
        <form.AppField name="weight" validators={fieldValidatorsFrom(schema, 'weight')}>
          {(field) => <field.NumberField label="Peso (kg)" />}
        </form.AppField>
        <form.AppField name="breed_id">
          {(field) => <field.SelectField label="Raza" options={BREEDS} placeholder="Seleccione una raza" />}
        </form.AppField>
        <form.AppField name="read_at">{(field) => <field.DateField label="Fecha" withTime />}</form.AppField>
        <form.SubmitButton>Guardar</form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}

function SelectWithoutOptions() {
  const form = useAppForm({ defaultValues: { id: null as number | null } })
  return (
    <form.AppField name="id">{(field) => <field.SelectField label="Rodeo" options={[]} />}</form.AppField>
  )
}

describe('useAppForm fields', () => {
  it('keeps submit disabled until the form changes, and reads "Enviando..." while sending', async () => {
    const user = userEvent.setup()
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<TestForm onSubmit={onSubmit} />)
    const submit = screen.getByRole('button', { name: 'Guardar' })
    expect(submit).toBeDisabled()

    await user.type(screen.getByLabelText('IDV'), 'A-100')
    expect(submit).toBeEnabled()
    await user.click(submit)
    expect(await screen.findByRole('button', { name: 'Enviando...' })).toBeDisabled()
    finish()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument())
    expect(onSubmit).toHaveBeenCalledWith({ visual_tag: 'A-100', weight: null, breed_id: null, read_at: '' })
  })

  it('shows the schema message once the field is left, and clears it when fixed', async () => {
    const user = userEvent.setup()
    render(<TestForm onSubmit={vi.fn(async () => {})} />)
    const tag = screen.getByLabelText('IDV')
    await user.type(tag, 'x')
    await user.clear(tag)
    expect(screen.queryByText('IDV Requerido')).not.toBeInTheDocument()
    await user.tab()
    expect(await screen.findByText('IDV Requerido')).toBeVisible()
    expect(tag).toHaveAttribute('aria-invalid', 'true')
    await user.type(tag, 'B')
    await waitFor(() => expect(screen.queryByText('IDV Requerido')).not.toBeInTheDocument())
  })

  it('reads numbers with a decimal comma, keeps lookup ids as numbers and dates as farm wall-clock text', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async (_values: Values) => {})
    render(<TestForm onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('IDV'), 'A-1')
    const weight = screen.getByLabelText('Peso (kg)')
    await user.type(weight, '350,5')
    expect(weight).toHaveValue('350,5')
    await user.selectOptions(screen.getByLabelText('Raza'), 'Hereford')
    // The app's date picker: the day typed dd/mm/aaaa, the time hh:mm beside it.
    await user.type(screen.getByLabelText('Fecha'), '04/03/2026')
    await user.tab()
    await waitFor(() => expect(screen.getByLabelText('Hora (hh:mm)')).toBeEnabled())
    await user.clear(screen.getByLabelText('Hora (hh:mm)'))
    await user.type(screen.getByLabelText('Hora (hh:mm)'), '8:30')
    await user.tab()
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      visual_tag: 'A-1',
      weight: 350.5,
      breed_id: 2,
      read_at: '2026-03-04 08:30:00',
    })
  })

  it('refuses an unreadable number with the schema message', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => {})
    render(<TestForm onSubmit={onSubmit} />)
    await user.type(screen.getByLabelText('Peso (kg)'), '3x')
    await user.tab()
    expect(await screen.findByText('Peso inválido')).toBeVisible()
  })

  it('shows "no disponible" in a select whose lookup has not loaded', () => {
    render(<SelectWithoutOptions />)
    expect(screen.getByRole('option', { name: 'no disponible' })).toBeInTheDocument()
  })
})

describe('parseDecimal', () => {
  it('reads Argentine and plain decimals, empty as null and garbage as NaN', () => {
    expect(parseDecimal('350,5')).toBe(350.5)
    expect(parseDecimal(' 12.25 ')).toBe(12.25)
    expect(parseDecimal('')).toBeNull()
    expect(parseDecimal('3x')).toBeNaN()
  })
})

function ChooserForm({ onChoose }: { onChoose: () => void }) {
  const form = useAppForm({ defaultValues: { mother_id: 'a1' as string | null } })
  return (
    <form.AppField name="mother_id">
      {(field) => (
        <field.ChooserField label="Madre" display={field.state.value ? 'M-100' : null} onChoose={onChoose} />
      )}
    </form.AppField>
  )
}

describe('ChooserField', () => {
  it('shows the choice as text, opens the chooser and empties with Quitar', async () => {
    const user = userEvent.setup()
    const onChoose = vi.fn()
    render(<ChooserForm onChoose={onChoose} />)
    const input = screen.getByLabelText('Madre')
    expect(input).toHaveValue('M-100')
    expect(input).toHaveAttribute('readonly')
    await user.click(screen.getByRole('button', { name: 'Elegir' }))
    expect(onChoose).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Quitar' }))
    expect(input).toHaveValue('')
    expect(screen.queryByRole('button', { name: 'Quitar' })).toBeNull()
  })
})
