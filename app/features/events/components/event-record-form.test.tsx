import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '~/components/ui/toaster'
import type { EventCreateRequest } from '../events.wire'
import { emptyRecordValues } from '../record-values'
import { EventRecordDialog } from './event-record-dialog'
import { EventRecordForm, type EventRecordFormProps } from './event-record-form'
import { exampleAnimals, exampleLookups, exampleServices } from './record-form.fixtures'

function renderForm(props: Partial<EventRecordFormProps> = {}) {
  const services = exampleServices({}, 0)
  const create = vi.fn(services.create)
  const onClose = vi.fn()
  render(
    <>
      <EventRecordForm
        kind="weighing"
        establishmentId={1}
        lookups={exampleLookups}
        services={{ ...services, create }}
        onClose={onClose}
        {...props}
      />
      <Toaster />
    </>,
  )
  return { user: userEvent.setup(), create, onClose }
}

const tagField = () => screen.getByLabelText('Caravana (IDV o RFID)')

describe('EventRecordForm en modo manga', () => {
  it('toma la caravana con Enter, muestra el animal y, al guardar, queda lista para el siguiente', async () => {
    const { user, create } = renderForm()
    const submit = screen.getByRole('button', { name: 'Guardar' })
    expect(submit).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('Sesión'), 'Pesada control otoño')
    await user.selectOptions(screen.getByLabelText('Momento de pesada'), 'Destete')
    // An RFID stick reader types 15 digits and Enter; here the one that lost its leading zero.
    await user.type(tagField(), '32308802798430{Enter}')
    const card = await screen.findByRole('region', { name: 'Animal 1202' })
    expect(within(card).getByText('Revisar pezuña')).toBeInTheDocument()
    expect(within(card).getByText('412,5 kg')).toBeInTheDocument()
    const weight = screen.getByLabelText('Peso (kg)')
    await waitFor(() => expect(weight).toHaveFocus())
    await user.type(weight, '350,5{Enter}')

    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    const write: EventCreateRequest | undefined = create.mock.calls[0]?.[0]
    expect(write?.kind).toBe('weighing')
    expect(write?.body).toMatchObject({
      animal_id: exampleAnimals[1]?.animal_id,
      cattle_handling_id: 30,
      weight: 350.5,
      weighing_time_id: 2,
    })
    expect(write?.body.read_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/)
    expect(await screen.findByText('Pesada creado con éxito')).toBeInTheDocument()
    // The next animal: tag focused and empty, weight cleared, session and weighing time kept.
    await waitFor(() => expect(tagField()).toHaveFocus())
    expect(tagField()).toHaveValue('')
    expect(screen.getByLabelText('Peso (kg)')).toHaveValue('')
    expect(screen.getByLabelText('Sesión')).toHaveValue('30')
    expect(screen.getByLabelText('Momento de pesada')).toHaveValue('2')
    expect(screen.queryByRole('region', { name: 'Animal 1202' })).not.toBeInTheDocument()
    expect(await screen.findByLabelText('1 animales registrados')).toBeInTheDocument()
    expect(
      within(screen.getByRole('region', { name: 'Últimos registrados' })).getByText('1202'),
    ).toBeInTheDocument()
  })

  it('la nota "Sin fecha" de una pesada aparece solo con la fecha vacía', async () => {
    const { user } = renderForm()
    const note = 'Sin fecha, se registra el 01/01/2025 00:00.'
    // The form opens on today's date and time: the note would be false.
    expect(screen.getByLabelText('Fecha y hora')).not.toHaveValue('')
    expect(screen.queryByText(note)).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText('Fecha y hora'))
    expect(await screen.findByText(note)).toBeInTheDocument()
  })

  it('avisa antes de registrar dos veces el mismo animal en la sesión', async () => {
    const { user, create } = renderForm({ fixedSession: { id: 31, name: 'Pesada destete 2026' } })
    expect(screen.getByLabelText('Sesión')).toHaveAttribute('readonly')
    await user.type(tagField(), '1201{Enter}')
    expect(await screen.findByText('Este animal ya tiene una pesada en esta sesión.')).toBeInTheDocument()
    await user.type(screen.getByLabelText('Peso (kg)'), '410{Enter}')
    const confirm = await screen.findByRole('button', { name: 'Registrar de todos modos' })
    await waitFor(() => expect(confirm).toHaveFocus())
    expect(create).not.toHaveBeenCalled()
    await user.click(confirm)
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
  })

  it('dice claramente que una caravana no existe y ofrece crear el animal solo si la página puede', async () => {
    const onCreateAnimal = vi.fn(async (_tag: string): Promise<string | null> => null)
    const { user } = renderForm({ onCreateAnimal })
    await user.type(tagField(), '9999{Enter}')
    expect(
      await screen.findByText('No hay ningún animal con la caravana 9999 en este establecimiento.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Crear animal 9999' }))
    expect(onCreateAnimal).toHaveBeenCalledWith('9999')
  })

  it('toma el animal recién creado desde la caravana desconocida', async () => {
    const { user } = renderForm({ onCreateAnimal: async () => '2401' })
    await user.type(tagField(), '9999{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Crear animal 9999' }))
    expect(await screen.findByRole('region', { name: 'Animal 2401' })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText('Peso (kg)')).toHaveFocus())
  })

  it('sin creación de animales no muestra el botón', async () => {
    const { user } = renderForm()
    await user.type(tagField(), '9999{Enter}')
    await screen.findByText('No hay ningún animal con la caravana 9999 en este establecimiento.')
    expect(screen.queryByRole('button', { name: /Crear animal/ })).not.toBeInTheDocument()
  })

  it('muestra las reglas de la API en cada campo', async () => {
    const { user, create } = renderForm()
    await user.type(tagField(), '1201{Enter}')
    await screen.findByRole('region', { name: 'Animal 1201' })
    await user.type(screen.getByLabelText('Peso (kg)'), '0{Enter}')
    expect(await screen.findByText('El peso debe ser un número mayor a 0.')).toBeInTheDocument()
    expect(await screen.findByText('La sesión es obligatoria.')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Peso (kg)'))
    await user.type(screen.getByLabelText('Peso (kg)'), '5000')
    expect(await screen.findByText('El peso debe estar entre 10 y 1500 kg.')).toBeInTheDocument()
    expect(create).not.toHaveBeenCalled()
  })

  it('un preservicio pide grado o estado ovárico; una inseminación envía el inseminador "null"', async () => {
    const { user, create } = renderForm({ kind: 'preservice', fixedSession: { id: 40, name: 'Preservicio' } })
    await user.type(tagField(), '2401{Enter}')
    await screen.findByRole('region', { name: 'Animal 2401' })
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    expect(await screen.findAllByText('Indique el grado reproductivo o el estado ovárico.')).not.toHaveLength(
      0,
    )
    await user.selectOptions(screen.getByLabelText('Estado ovárico'), 'Ciclando')
    await user.click(screen.getByRole('button', { name: 'Guardar' }))
    await waitFor(() => expect(create).toHaveBeenCalled())
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      kind: 'preservice',
      body: { reproductive_grade_id: null, ovarian_status_id: 3 },
    })
  })

  it('edita un registro sobre la versión leída y se cierra', async () => {
    const services = exampleServices({}, 0)
    const update = vi.fn(services.update)
    const onClose = vi.fn()
    const user = userEvent.setup()
    render(
      <EventRecordForm
        kind="weighing"
        establishmentId={1}
        lookups={exampleLookups}
        services={{ ...services, update }}
        onClose={onClose}
        editing={{
          id: 501,
          version: 3,
          animalTag: '1201',
          session: { id: 31, name: 'Pesada destete 2026' },
          values: {
            ...emptyRecordValues('weighing', { id: 31, name: 'Pesada destete 2026' }),
            animal_id: exampleAnimals[0]?.animal_id ?? '',
            read_at: '2026-05-14 09:12:00',
            weighing_time_id: 3,
            weight: 412.5,
          },
        }}
      />,
    )
    expect(screen.queryByLabelText('Caravana (IDV o RFID)')).not.toBeInTheDocument()
    const save = screen.getByRole('button', { name: 'Guardar cambios' })
    expect(save).toBeDisabled()
    const weight = screen.getByLabelText('Peso (kg)')
    expect(weight).toHaveValue('412,5')
    await user.clear(weight)
    await user.type(weight, '415')
    await user.click(save)
    await waitFor(() => expect(update).toHaveBeenCalled())
    expect(update.mock.calls[0]).toEqual([
      501,
      {
        kind: 'weighing',
        body: { read_at: '2026-05-14 09:12:00', weighing_time_id: 3, weight: 415, version: 3 },
      },
    ])
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('al editar una inseminación con un toro archivado lo sigue mostrando y lo conserva al guardar', async () => {
    const services = exampleServices({}, 0)
    const update = vi.fn(services.update)
    const user = userEvent.setup()
    render(
      <EventRecordForm
        kind="artificial-insemination"
        establishmentId={1}
        lookups={exampleLookups}
        services={{ ...services, update }}
        onClose={vi.fn()}
        editing={{
          id: 77,
          version: 1,
          animalTag: '1201',
          session: { id: 32, name: 'IATF otoño' },
          values: {
            ...emptyRecordValues('artificial-insemination', { id: 32, name: 'IATF otoño' }),
            animal_id: exampleAnimals[0]?.animal_id ?? '',
            read_at: '2026-04-02',
            bull_id: 9,
            inseminator_id: 1,
          },
          // Bull 9 died and was archived: the pickers no longer list it.
          current: {
            bull: { value: 9, label: 'Cacique 12' },
            inseminator: { value: 1, label: 'Walter Romero' },
          },
        }}
      />,
    )
    const bull = screen.getByLabelText('Toro') as HTMLSelectElement
    expect(bull.selectedOptions[0]?.textContent).toBe('Cacique 12 (archivado)')
    // The inseminator still listed appears once, not twice.
    const inseminator = screen.getByLabelText('Inseminador') as HTMLSelectElement
    expect(within(inseminator).getAllByRole('option', { name: 'Walter Romero' })).toHaveLength(1)
    await user.selectOptions(inseminator, '2')
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    await waitFor(() => expect(update).toHaveBeenCalled())
    expect(update.mock.calls[0]?.[1]).toMatchObject({ body: { bull_id: 9, inseminator_id: 2 } })
  })
})

describe('EventRecordDialog', () => {
  const props = {
    open: true,
    onOpenChange: vi.fn(),
    kind: 'preservice' as const,
    establishmentId: 1,
    lookups: exampleLookups,
    services: exampleServices({}, 0),
    onClose: vi.fn(),
  }

  it('sin panel masivo (no administradores) muestra solo el formulario individual, sin pestañas', async () => {
    render(<EventRecordDialog {...props} />)
    expect(await screen.findByRole('dialog', { name: 'Nuevo Preservicio' })).toBeInTheDocument()
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
  })

  it('con panel masivo ofrece Individual (abierta) y Masivo', async () => {
    const user = userEvent.setup()
    render(<EventRecordDialog {...props} bulkPanel={<p>Panel de carga masiva</p>} />)
    const individual = await screen.findByRole('tab', { name: 'Individual' })
    expect(individual).toHaveAttribute('aria-selected', 'true')
    await user.click(screen.getByRole('tab', { name: 'Masivo' }))
    expect(await screen.findByText('Panel de carga masiva')).toBeInTheDocument()
  })
})
