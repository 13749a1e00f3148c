import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { WeightSection } from './animal-detail'

const weighings = [
  { read_at: '2025-03-01 08:00:00', weight: 300 },
  { read_at: '2025-01-01 08:00:00', weight: 250 },
  { read_at: '2025-05-30 08:00:00', weight: 360 },
]

describe('the animal detail weight chart', () => {
  it('says there are no weighings without loading the chart', () => {
    render(<WeightSection weighings={[]} />)
    expect(screen.getByText('Sin pesadas registradas.')).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('loads the app chart lazily, with every weighing and its gain in the table view', async () => {
    render(<WeightSection weighings={weighings} />)
    const figure = await screen.findByRole('img', { name: 'Evolución del peso' }, { timeout: 10_000 })
    expect(figure.tagName.toLowerCase()).toBe('svg')
    await userEvent.click(screen.getByRole('button', { name: 'Ver tabla de «Evolución del peso»' }))
    const table = within(screen.getByRole('region', { name: 'Tabla: Evolución del peso' })).getByRole('table')
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent)
    // Most recent first: 60 kg in 90 days is 0,667 kg/day; the first weighing has no gain.
    expect(rows[0]).toMatch(/Fecha.*Peso \(kg\).*Días.*GDPV \(kg\/día\)/)
    expect(rows[1]).toMatch(/30\/05\/2025.*360.*90.*0,667/)
    expect(rows.at(-1)).toMatch(/01\/01\/2025.*250.*—.*—/)
  })
})
