import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { PickerAnimal } from '../animal-record.schema'
import { AnimalSearch } from './animal-search'

const HERD: PickerAnimal[] = ['1301', '1302', '13020', '13021', '1400'].map((tag, i) => ({
  uuid: `00000000-0000-4000-8000-00000000000${i}`,
  caravana_visual: tag,
  caravana_electronica: null,
}))

beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

describe('AnimalSearch', () => {
  it('suggests by visual-tag prefix as one types, and opens the animal chosen with the keyboard', async () => {
    const user = userEvent.setup()
    const source = vi.fn(async (prefix: string) => HERD.filter((a) => a.caravana_visual.startsWith(prefix)))
    const onOpen = vi.fn()
    render(<AnimalSearch source={source} onOpen={onOpen} />)
    const input = screen.getByRole('combobox', { name: 'Buscar animal por IDV' })
    await user.type(input, '1302')
    expect(input).toHaveValue('1302')
    expect(await screen.findByRole('option', { name: /13020/ })).toBeInTheDocument()
    // Debounced: one request for what was typed, not one per key.
    await waitFor(() => expect(source).toHaveBeenLastCalledWith('1302'))
    expect(source).toHaveBeenCalledTimes(1)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['1302', '13020', '13021'])
    // The first suggestion is highlighted; the arrow moves down, Enter opens.
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id)
    await user.keyboard('{ArrowDown}{Enter}')
    expect(onOpen).toHaveBeenCalledWith('13020')
    expect(input).toHaveValue('')
  })

  it('says so when no animal starts with the text', async () => {
    const user = userEvent.setup()
    render(<AnimalSearch source={async () => []} onOpen={vi.fn()} />)
    await user.type(screen.getByRole('combobox'), 'ZZ')
    expect(await screen.findByText('Sin Resultados.')).toBeInTheDocument()
  })
})

describe('AnimalSearch with the mouse', () => {
  it('opens the animal clicked, and Escape closes the suggestions', async () => {
    const user = userEvent.setup()
    const onOpen = vi.fn()
    render(
      <AnimalSearch
        source={async (prefix) => HERD.filter((a) => a.caravana_visual.startsWith(prefix))}
        onOpen={onOpen}
      />,
    )
    const input = screen.getByRole('combobox', { name: 'Buscar animal por IDV' })
    await user.type(input, '14')
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
    await user.type(input, '0')
    await user.click(await screen.findByRole('option', { name: '1400' }))
    expect(onOpen).toHaveBeenCalledWith('1400')
  })
})

describe('AnimalSearch and animals that left the herd', () => {
  it('marks a sold animal in the suggestions with its check-out', async () => {
    const user = userEvent.setup()
    const herd: PickerAnimal[] = [
      { uuid: '00000000-0000-4000-8000-000000000010', caravana_visual: '2100', caravana_electronica: null },
      {
        uuid: '00000000-0000-4000-8000-000000000011',
        caravana_visual: '2101',
        caravana_electronica: null,
        check_out_type_description: 'Venta',
        check_out_date: '2026-03-01 00:00:00',
      },
    ]
    render(<AnimalSearch source={async () => herd} onOpen={vi.fn()} />)
    await user.type(screen.getByRole('combobox'), '21')
    expect(await screen.findByRole('option', { name: '2101 Baja: Venta el 01/03/2026' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: '2100' })).toBeInTheDocument()
  })
})
