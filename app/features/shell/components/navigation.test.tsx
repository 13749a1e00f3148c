import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { type AppLinkProps, AppLinkProvider } from './app-link'
import { AppsDrawer } from './apps-drawer'
import { ConfigSidebar } from './config-sidebar'
import { TopMenu, topMenuItems } from './top-menu'

// Ark removes an unmounted dialog's dismiss layer on a later tick; until then it would still take
// the next test's clicks as clicks outside itself.
beforeEach(() => new Promise((resolve) => setTimeout(resolve, 0)))

const paths = {
  summary: '/management/establishment/summary',
  animals: '/management/establishment/animals',
  cattlehandling: '/management/establishment/cattlehandling',
  rerunner: '/management/establishment/rerunner',
  dash: '/management/establishment/dash',
}

describe('TopMenu', () => {
  it('muestra Resumen, Animales, Manga, Recorredores y Tablero con un establecimiento elegido', () => {
    render(<TopMenu items={topMenuItems(paths, 'animals')} establishmentSelected />)
    const links = within(screen.getByRole('navigation')).getAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual([
      'Resumen',
      'Animales',
      'Manga',
      'Recorredores',
      'Tablero',
    ])
    expect(screen.getByRole('link', { name: 'Animales' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Manga' })).toHaveAttribute('href', paths.cattlehandling)
  })

  it('no se muestra sin establecimiento', () => {
    render(<TopMenu items={topMenuItems(paths)} establishmentSelected={false} />)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })

  it('usa el componente de enlace que provee la aplicación', () => {
    const RouterLink = vi.fn(({ to, search, ...rest }: AppLinkProps) => (
      <a data-router="" href={to} {...rest} />
    ))
    render(
      <AppLinkProvider component={RouterLink}>
        <TopMenu items={topMenuItems(paths)} establishmentSelected />
      </AppLinkProvider>,
    )
    expect(screen.getByRole('link', { name: 'Resumen' })).toHaveAttribute('data-router')
  })
})

describe('ConfigSidebar', () => {
  it('muestra los botones comunes y el rol "Usuario"', () => {
    render(<ConfigSidebar isAdmin={false} isSuperAdmin={false} />)
    const panel = screen.getByRole('complementary', { name: 'Panel de Configuraciones' })
    expect(panel).toHaveTextContent('Usuario')
    expect(within(panel).getByRole('link', { name: 'Perfil de usuario' })).toHaveAttribute(
      'href',
      '/management/configuration/user-profile',
    )
    expect(within(panel).getByRole('link', { name: 'Crear rodeo' })).toHaveAttribute(
      'href',
      '/management/establishment/configuration/rodeo-creation',
    )
    // A usuario reads the establishment's people; the list of every establishment is not theirs.
    expect(within(panel).getByRole('link', { name: 'Usuarios' })).toHaveAttribute(
      'href',
      '/management/establishment/configuration?seccion=usuarios',
    )
    expect(within(panel).queryByRole('link', { name: 'Establecimientos' })).not.toBeInTheDocument()
  })

  it('a un superadministrador le suma los botones exclusivos', () => {
    render(<ConfigSidebar isAdmin isSuperAdmin activeSection="usuarios" />)
    expect(screen.getByText('Administrador')).toBeVisible()
    const users = screen.getByRole('link', { name: 'Usuarios' })
    expect(users).toHaveAttribute('href', '/management/establishment/configuration?seccion=usuarios')
    expect(users).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Establecimientos' })).toBeVisible()
  })
})

describe('AppsDrawer', () => {
  it('lista las aplicaciones y se cierra al elegir una', async () => {
    const user = userEvent.setup()
    render(<AppsDrawer activeApp="insights" />)
    await user.click(screen.getByRole('button', { name: 'Aplicaciones' }))

    const drawer = await screen.findByRole('dialog', { name: 'Aplicaciones' })
    const links = within(drawer).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['APP - Insights', '/management/establishment'],
      ['Tablero RFI', '/management/establishment/dashboard-rfi'],
      ['Feedlot', '/management/establishment/dashboard-feedlot'],
      ['Capacitación Digital', '/management/establishment/capacitations'],
    ])
    expect(links[0]).toHaveAttribute('aria-current', 'page')

    // The plain anchors would navigate away in a browser: the test only checks that the drawer closes.
    links[1]?.addEventListener('click', (event) => event.preventDefault())
    await user.click(links[1] as HTMLElement)
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Aplicaciones' })).not.toBeInTheDocument(),
    )
  })
})
