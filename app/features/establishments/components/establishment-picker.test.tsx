import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Establishment } from '../establishment.schema'
import { EstablishmentPicker, type EstablishmentPickerProps } from './establishment-picker'
import { WelcomeClock } from './welcome-clock'

const establishments: Establishment[] = [
  { id: 1, name: 'La Esperanza', url_dashboard_cattle_handling: null },
  { id: 2, name: 'Estancia El Ombú', url_dashboard_cattle_handling: null },
  { id: 3, name: 'Don Ramón', url_dashboard_cattle_handling: null },
]

function renderPicker(props: Partial<EstablishmentPickerProps> = {}) {
  const onSelect = vi.fn()
  const user = userEvent.setup()
  const view = render(
    <EstablishmentPicker userName="Ana" establishments={establishments} onSelect={onSelect} {...props} />,
  )
  return { ...view, user, onSelect }
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Establecimientos' }))
    .getAllByRole('button')
    .map((card) => card.getAttribute('title'))

afterEach(() => {
  vi.useRealTimers()
})

describe('EstablishmentPicker', () => {
  it('da la bienvenida por nombre', () => {
    renderPicker()
    expect(screen.getByRole('heading', { level: 1, name: 'Bienvenido, Ana' })).toBeVisible()
  })

  it('muestra exactamente 8 tarjetas de carga mientras carga', () => {
    renderPicker({ loading: true, establishments: undefined })
    expect(screen.getAllByTestId('establishment-skeleton')).toHaveLength(8)
    expect(screen.getByRole('status')).toHaveTextContent('Cargando establecimientos...')
    expect(screen.queryByText('La Esperanza')).not.toBeInTheDocument()
  })

  it('muestra cada establecimiento con sus iniciales', () => {
    renderPicker()
    const card = screen.getByRole('button', { name: /La Esperanza/ })
    expect(card).toHaveTextContent('LE')
    expect(cardNames()).toEqual(['La Esperanza', 'Estancia El Ombú', 'Don Ramón'])
  })

  it('filtra por nombre sin distinguir mayúsculas ni acentos', async () => {
    const { user } = renderPicker()
    const search = screen.getByPlaceholderText('Buscar Establecimiento')

    await user.type(search, 'OMBU')
    expect(cardNames()).toEqual(['Estancia El Ombú'])

    await user.clear(search)
    await user.type(search, 'ramon')
    expect(cardNames()).toEqual(['Don Ramón'])

    await user.clear(search)
    await user.type(search, 'esperánza')
    expect(cardNames()).toEqual(['La Esperanza'])
  })

  it('avisa cuando la búsqueda no encuentra nada', async () => {
    const { user } = renderPicker()
    await user.type(screen.getByPlaceholderText('Buscar Establecimiento'), 'zzz')
    expect(screen.getByText('No se encontraron establecimientos.')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }))
    expect(cardNames()).toHaveLength(3)
  })

  it('avisa cuando el usuario no tiene establecimientos', () => {
    renderPicker({ establishments: [] })
    expect(screen.getByText('No tiene establecimientos asignados.')).toBeVisible()
  })

  it('llama a onSelect con el establecimiento elegido, con el mouse o el teclado', async () => {
    const { user, onSelect } = renderPicker()
    await user.click(screen.getByRole('button', { name: /Don Ramón/ }))
    expect(onSelect).toHaveBeenCalledWith(establishments[2])

    screen.getByRole('button', { name: /La Esperanza/ }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('button', { name: /Estancia El Ombú/ })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(onSelect).toHaveBeenLastCalledWith(establishments[1])
  })

  it('mientras abre un establecimiento, no deja elegir otro', () => {
    renderPicker({ pendingId: 1 })
    expect(screen.getByRole('button', { name: /La Esperanza/ })).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('button', { name: /Don Ramón/ })).toBeDisabled()
  })

  it('enlaza la configuración del usuario', () => {
    renderPicker()
    expect(screen.getByRole('link', { name: 'Configuración' })).toHaveAttribute(
      'href',
      '/management/configuration/user-profile',
    )
  })
})

describe('WelcomeClock', () => {
  it('muestra la fecha y la hora en español y avanza cada segundo', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 14, 5, 9) })
    const { container } = render(<WelcomeClock />)
    const clock = container.querySelector('time')
    expect(clock).toHaveTextContent('domingo, 22 de noviembre de 2026 · 14:05:09')

    act(() => {
      vi.advanceTimersByTime(1000)
    })
    expect(clock).toHaveTextContent('domingo, 22 de noviembre de 2026 · 14:05:10')

    act(() => {
      vi.advanceTimersByTime(51_000)
    })
    expect(clock).toHaveTextContent('14:06:01')
  })
})
