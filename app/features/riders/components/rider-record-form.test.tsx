import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import type { RiderFormOptions } from '../riders.schema'
import { RiderRecordForm } from './rider-record-form'

const list = (...names: string[]) => names.map((description, i) => ({ id: i + 1, description }))
const OPTIONS: RiderFormOptions = {
  riders: list('Juan Pérez'),
  death_causes: list('Neumonía'),
  treatments: list('Antibiótico'),
  body_conditions_riders: list('Buena'),
  sexes: list('Macho', 'Hembra'),
  birth_types: list('Normal'),
  rodeos: list('Cría'),
}

const cow = (visual_tag: string, n: number) =>
  ({
    animal_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    visual_tag,
    electronic_tag: null,
    category_description: 'Vaca',
    rodeo_description: 'Cría',
    alerts: [],
    check_out_date: null,
    check_out_type_description: null,
  }) as unknown as AnimalListRow

/** A lookup the test answers by hand, so two scans can overlap as they do with a fast reader. */
function deferredLookups() {
  const pending = new Map<string, (animal: AnimalListRow | null) => void>()
  const findAnimal = vi.fn(
    (tag: string) => new Promise<AnimalListRow | null>((resolve) => pending.set(tag, resolve)),
  )
  return { findAnimal, answer: (tag: string, animal: AnimalListRow | null) => pending.get(tag)?.(animal) }
}

const treated = () =>
  within(screen.getByRole('list', { name: 'Animales a tratar' }))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'))

describe('RiderRecordForm: tratamiento', () => {
  it('no pierde un animal cuando el lector escanea otra caravana antes de que termine la búsqueda anterior', async () => {
    const { findAnimal, answer } = deferredLookups()
    const user = userEvent.setup()
    render(
      <RiderRecordForm
        kind="treatments"
        options={OPTIONS}
        findAnimal={findAnimal}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    const tag = screen.getByLabelText('Caravana (IDV o RFID)')
    // Two scans in a row; the first lookup is still running when the second tag arrives.
    await user.type(tag, 'V-1{Enter}')
    await user.type(screen.getByLabelText('Caravana (IDV o RFID)'), 'V-2{Enter}')
    await act(async () => answer('V-1', cow('V-1', 1)))
    await act(async () => answer('V-2', cow('V-2', 2)))
    expect(findAnimal.mock.calls.map(([t]) => t)).toEqual(['V-1', 'V-2'])
    expect(treated()).toEqual(['Quitar V-1', 'Quitar V-2'])
    // The field is empty and ready for the next scan.
    expect(screen.getByLabelText('Caravana (IDV o RFID)')).toHaveValue('')
  })

  it('agrega los animales en el orden escaneado aunque las búsquedas respondan al revés', async () => {
    const { findAnimal, answer } = deferredLookups()
    const user = userEvent.setup()
    render(
      <RiderRecordForm
        kind="treatments"
        options={OPTIONS}
        findAnimal={findAnimal}
        onSave={vi.fn()}
        onClose={vi.fn()}
      />,
    )
    await user.type(screen.getByLabelText('Caravana (IDV o RFID)'), 'V-1{Enter}')
    await user.type(screen.getByLabelText('Caravana (IDV o RFID)'), 'V-2{Enter}')
    await act(async () => answer('V-2', cow('V-2', 2)))
    await act(async () => answer('V-1', cow('V-1', 1)))
    expect(treated()).toEqual(['Quitar V-1', 'Quitar V-2'])
  })
})
