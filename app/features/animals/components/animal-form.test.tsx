import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Toaster, toast } from '~/components/ui/toaster'
import type { AnimalWriteResult } from '../animal-record.functions'
import type { AnimalDetail, AnimalEditValues, AnimalPickerQueryInput } from '../animal-record.schema'
import { AnimalForm, type AnimalFormLookups } from './animal-form'

const lookups: AnimalFormLookups = {
  categories: [
    { value: 1, label: 'Vaca' },
    { value: 2, label: 'Ternero' },
  ],
  breeds: [
    { value: 1, label: 'Angus' },
    { value: 2, label: 'Hereford' },
  ],
  colors: [
    { value: 1, label: 'negro' },
    { value: 2, label: 'colorado' },
  ],
  sexes: [
    { value: 1, label: 'Macho' },
    { value: 2, label: 'Hembra' },
  ],
  birthTypes: [{ value: 1, label: 'Normal' }],
  checkInTypes: [
    { value: 1, label: 'Nacimiento' },
    { value: 2, label: 'Compra' },
  ],
  rodeos: [
    { value: 10, label: 'General' },
    { value: 11, label: 'Recría' },
  ],
  bulls: [{ value: 5, label: 'Pampa' }],
}

const MOTHERS = [
  {
    uuid: '00000000-0000-4000-8000-0000000000a1',
    caravana_visual: 'M-100',
    caravana_electronica: '032000000000100',
  },
  { uuid: '00000000-0000-4000-8000-0000000000a2', caravana_visual: 'M-200', caravana_electronica: null },
]
const pickerSource = vi.fn(async (query: AnimalPickerQueryInput) => ({
  data: MOTHERS.filter((m) => !query.visual_tag || m.caravana_visual.startsWith(query.visual_tag)),
  meta: { current_page: 1, per_page: 10, total: 2, last_page: 1 },
}))

const animal: AnimalDetail = {
  animal_id: '00000000-0000-4000-8000-000000000001',
  establishment_id: 1,
  version: 3,
  visual_tag: '1201',
  electronic_tag: '032000000000001',
  cuig: null,
  senasa: null,
  check_in_type_id: 1,
  check_in_type_description: 'Nacimiento',
  check_in_date: '2024-05-01 00:00:00',
  check_out_type_id: null,
  check_out_type_description: null,
  check_out_date: null,
  origin: null,
  color_id: 1,
  color_description: 'negro',
  breed_id: 1,
  breed_description: 'Angus',
  animal_type_id: 1,
  category_description: 'Vaca',
  gender: 2,
  gender_description: 'Hembra',
  date_of_birth: '2024-05-01 06:30:00',
  weight_at_birth: 32,
  birth_type_id: 1,
  birth_type_description: 'Normal',
  father_id: null,
  father_alias: null,
  mother_id: MOTHERS[1]?.uuid ?? null,
  mother_visual_tag: 'M-200',
  donor_mother_id: null,
  donor_mother_visual_tag: null,
  rodeo_id: 10,
  rodeo_description: 'General',
  current_status: { id: 1, description: 'Activo' },
  sync_at: null,
  alerts: [],
  age: 500,
  last_weight: null,
  last_weight_read_at: null,
  GDPV: null,
  GDPVital: null,
  created_at: '2024-05-01T10:00:00.000Z',
  updated_at: '2024-05-01T10:00:00.000Z',
}

const saved = (over: Partial<AnimalDetail> = {}): AnimalWriteResult => ({
  ok: true,
  message: 'Animal modificado exitosamente',
  animal: { ...animal, ...over },
})

beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))
afterEach(() => {
  act(() => toast.dismiss())
  pickerSource.mockClear()
})

function renderCreate(
  onSubmit = vi.fn(async (_values: AnimalEditValues): Promise<AnimalWriteResult> => saved()),
  initialTag?: string,
) {
  const onDone = vi.fn()
  render(
    <>
      <AnimalForm
        kind="create"
        establishmentId={1}
        initialTag={initialTag}
        lookups={lookups}
        pickerSource={pickerSource}
        onSubmit={onSubmit}
        onDone={onDone}
        onCancel={vi.fn()}
      />
      <Toaster />
    </>,
  )
  return { user: userEvent.setup(), onSubmit, onDone }
}

function renderEdit(
  onSubmit = vi.fn(async (_values: AnimalEditValues): Promise<AnimalWriteResult> => saved()),
) {
  const onDone = vi.fn()
  const onDelete = vi.fn()
  render(
    <>
      <AnimalForm
        kind="edit"
        animal={animal}
        lookups={lookups}
        pickerSource={pickerSource}
        onSubmit={onSubmit}
        onDone={onDone}
        onDelete={onDelete}
        onCancel={vi.fn()}
      />
      <Toaster />
    </>,
  )
  return { user: userEvent.setup(), onSubmit, onDone, onDelete }
}

describe('AnimalForm (alta)', () => {
  it('keeps "Crear animal" disabled until something changes, then shows every required message of section 5', async () => {
    const { user, onSubmit } = renderCreate()
    const submit = screen.getByRole('button', { name: 'Crear animal' })
    expect(submit).toBeDisabled()
    await user.type(screen.getByLabelText(/^IDV/), ' ')
    await user.click(submit)
    for (const message of [
      'El campo IDV no puede estar vacío',
      'Categoria Requerida',
      'Raza Requerida',
      'Color Requerido',
      'Check-in Requerido',
    ]) {
      expect(await screen.findByText(message)).toBeVisible()
    }
    await user.clear(screen.getByLabelText(/^IDV/))
    expect(await screen.findByText('IDV Requerido')).toBeVisible()
    await user.type(screen.getByLabelText(/^IDV/), 'A_1')
    expect(await screen.findByText('Solo se permiten valores alfanuméricos, espacios o guion')).toBeVisible()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('takes only digits for the RFID and wants 15 of them', async () => {
    const { user } = renderCreate()
    const rfid = screen.getByLabelText('RFID')
    await user.type(rfid, '03a2-0001')
    expect(rfid).toHaveValue('0320001')
    await user.tab()
    expect(await screen.findByText('Debe tener 15 caracteres')).toBeVisible()
  })

  it('starts from a tag already known: an RFID (even one that lost its leading zero) or an IDV', async () => {
    renderCreate(undefined, '32000000000077')
    expect(screen.getByLabelText('RFID')).toHaveValue('032000000000077')
    expect(screen.getByLabelText('IDV')).toHaveValue('')
  })

  it('puts a known tag that is not an RFID in the IDV', async () => {
    renderCreate(undefined, 'T-9001')
    expect(screen.getByLabelText('IDV')).toHaveValue('T-9001')
    expect(screen.getByLabelText('RFID')).toHaveValue('')
  })

  it('sends the values as typed (birth weight with a decimal comma) and reports success', async () => {
    const { user, onSubmit, onDone } = renderCreate(
      vi.fn(async () => ({ ok: true as const, message: 'Animal creado exitosamente', animal })),
    )
    await user.type(screen.getByLabelText(/^IDV/), 'N-1')
    await user.selectOptions(screen.getByLabelText(/^Categoría/), 'Vaca')
    await user.selectOptions(screen.getByLabelText(/^Raza/), 'Angus')
    await user.selectOptions(screen.getByLabelText(/^Color/), 'negro')
    await user.selectOptions(screen.getByLabelText(/^Tipo de ingreso/), 'Compra')
    await user.type(screen.getByLabelText('Peso al nacer (kg)'), '34,5')
    await user.click(screen.getByRole('button', { name: 'Crear animal' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      visual_tag: 'N-1',
      animal_type_id: 1,
      breed_id: 1,
      color_id: 1,
      check_in_type_id: 2,
      weight_at_birth: 34.5,
      mother_id: null,
    })
    expect(await screen.findByText('Animal creado exitosamente')).toBeVisible()
    expect(onDone).toHaveBeenCalledWith(animal)
  })

  it('refuses a birth weight outside 5–90 kg', async () => {
    const { user } = renderCreate()
    await user.type(screen.getByLabelText('Peso al nacer (kg)'), '300')
    await user.tab()
    expect(await screen.findByText('Debe estar entre 5 y 90 kg')).toBeVisible()
  })
})

describe('AnimalForm (edición)', () => {
  it('lists what changed (field: before → after) before sending anything', async () => {
    const { user, onSubmit, onDone } = renderEdit()
    const save = screen.getByRole('button', { name: 'Guardar' })
    expect(save).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('Rodeo'), 'Recría')
    await user.type(screen.getByLabelText('Origen'), 'Remate')
    await user.click(save)
    const changes = await screen.findByRole('list', { name: 'Cambios' })
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Rodeo: General → Recría', 'Origen: vacío → Remate'])
    expect(onSubmit).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    // The stored birth time is kept when the date is not touched.
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      rodeo_id: 11,
      origin: 'Remate',
      date_of_birth: '2024-05-01 06:30:00',
      mother_id: animal.mother_id,
    })
    expect(await screen.findByText('Animal modificado exitosamente')).toBeVisible()
    expect(onDone).toHaveBeenCalled()
  })

  it('shows the spec toast with the IDV and the server message when the edit is refused', async () => {
    const { user } = renderEdit(
      vi.fn(async () => ({ ok: false as const, error: 'Otro usuario modificó este animal' })),
    )
    await user.type(screen.getByLabelText('Origen'), 'x')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByText('Error al modificar animal')).toBeVisible()
    expect(screen.getByText('IDV: 1201. Otro usuario modificó este animal')).toBeVisible()
  })

  it('restricts CUIG and SENASA to letters, digits, spaces and hyphens', async () => {
    const { user } = renderEdit()
    await user.type(screen.getByLabelText('CUIG'), 'AB.1')
    await user.tab()
    expect(await screen.findByText('Solo se permiten valores alfanuméricos, espacios o guion')).toBeVisible()
  })

  it('chooses the mother in the picker; cancelling restores the original one', async () => {
    const { user, onSubmit } = renderEdit()
    const mother = screen.getByLabelText('Madre')
    expect(mother).toHaveValue('M-200')
    await user.click(screen.getByRole('button', { name: 'Elegir' }))
    const picker = await screen.findByRole('dialog', { name: 'Elegir madre' })
    await within(picker).findByText('M-100')
    expect(pickerSource).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'mother', exclude: animal.animal_id }),
    )
    await user.click(within(picker).getByText('M-100'))
    expect(within(picker).getByRole('button', { name: 'M-100' })).toHaveAttribute('aria-pressed', 'true')
    await user.click(within(picker).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Elegir madre' })).toBeNull())
    expect(mother).toHaveValue('M-200')
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Elegir' }))
    const again = await screen.findByRole('dialog', { name: 'Elegir madre' })
    await user.click(await within(again).findByText('M-100'))
    await user.click(within(again).getByRole('button', { name: 'Aceptar' }))
    expect(mother).toHaveValue('M-100')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    const changes = await screen.findByRole('list', { name: 'Cambios' })
    expect(within(changes).getByText(/Madre:/).parentElement?.textContent).toBe('Madre: M-200 → M-100')
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalled())
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ mother_id: MOTHERS[0]?.uuid })
  })

  it('offers Eliminar to any user', async () => {
    const { user, onDelete } = renderEdit()
    await user.click(screen.getByRole('button', { name: 'Eliminar' }))
    expect(onDelete).toHaveBeenCalled()
  })
})
