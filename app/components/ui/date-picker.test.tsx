import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { DatePicker, parseDayText } from './date-picker'

beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

function Harness({
  initial = '',
  onChange = vi.fn(),
}: {
  initial?: string
  onChange?: (value: string) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <label htmlFor="fecha">Fecha de nacimiento</label>
      <DatePicker
        id="fecha"
        value={value}
        min="1900-01-01"
        max="2030-12-31"
        onValueChange={(next) => {
          setValue(next)
          onChange(next)
        }}
      />
      <output>{value}</output>
    </>
  )
}

describe('DatePicker (es-AR)', () => {
  it('muestra dd/mm/aaaa sea cual sea el idioma del navegador, y el valor sigue siendo aaaa-mm-dd', () => {
    render(<Harness initial="2026-03-05" />)
    const input = screen.getByLabelText('Fecha de nacimiento')
    expect(input).toHaveValue('05/03/2026')
    expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa')
  })

  it('toma una fecha escrita con el teclado (día primero) al salir del campo o con Enter', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness onChange={onChange} />)
    const input = screen.getByLabelText('Fecha de nacimiento')
    await user.type(input, '5/3/2026{Enter}')
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-03-05'))
    expect(input).toHaveValue('05/03/2026')
    await user.clear(input)
    await user.type(input, '31122025')
    await user.tab()
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2025-12-31'))
  })

  it('elige el día en el calendario, en español', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Harness initial="2026-03-05" onChange={onChange} />)
    await user.click(screen.getByRole('button', { name: 'Abrir calendario' }))
    expect((await screen.findAllByText(/marzo/i)).length).toBeGreaterThan(0)
    const day = screen.getByRole('button', { name: /^Elegir viernes, 20 de marzo de 2026/ })
    await user.click(day)
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('2026-03-20'))
  })
})

describe('parseDayText', () => {
  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05.03.26', '2026-03-05'],
    ['05032026', '2026-03-05'],
    ['31/02/2026', undefined],
    ['2026-03-05', undefined],
    ['', undefined],
  ])('%s → %s', (text, iso) => expect(parseDayText(text)).toBe(iso))
})
