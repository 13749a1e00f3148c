import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { AnimalSearch } from '~/features/animals/components/animal-search'
import { AppHeader, type AppHeaderProps } from '~/features/shell/components/app-header'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { fakePickerSource } from './animal-fixtures'
import { ana, establishmentMenu, FullBleed, slowly, withStoryLinks } from './support'

/** The header with a working 'Mantener sesión iniciada' switch. */
function HeaderWithState({ establishment, ...args }: AppHeaderProps) {
  const [keepSession, setKeepSession] = useState(establishment?.keepSession ?? false)
  return (
    <AppHeader
      {...args}
      establishment={establishment && { ...establishment, keepSession, onKeepSessionChange: setKeepSession }}
    />
  )
}

const meta = {
  title: 'Shell/AppHeader',
  component: AppHeader,
  decorators: [withStoryLinks, (Story) => <FullBleed>{Story()}</FullBleed>],
  args: { user: ana, onLogout: fn(slowly()), menuItems: establishmentMenu },
  render: (args) => <HeaderWithState {...args} />,
} satisfies Meta<typeof AppHeader>

export default meta
type Story = StoryObj<typeof meta>

const laEsperanza = {
  establishmentName: 'La Esperanza',
  keepSession: true,
  onKeepSessionChange: fn(),
  onChangeEstablishment: fn(slowly()),
}

/** Inside an establishment: top menu and establishment button. */
export const ConEstablecimiento: Story = {
  args: { establishment: laEsperanza },
}

const picker = fakePickerSource(250)

/** With the animal search of the detail page (issue 5): type '130' to see suggestions. */
export const ConBuscadorDeAnimales: Story = {
  args: {
    establishment: laEsperanza,
    search: (
      <AnimalSearch
        source={async (prefix) => (await picker({ mode: 'all', visual_tag: prefix, perPage: 8 })).data}
        onOpen={fn()}
      />
    ),
  },
}

/** On the establishment picker: no establishment yet, so no top menu. */
export const SinEstablecimiento: Story = {}

/** A user who must change the password sees the pulsing reminder. */
export const DebeCambiarContrasena: Story = {
  args: { establishment: laEsperanza, user: { ...ana, must_change_password: 1 } },
}

export const UsuarioDesconocido: Story = {
  args: { establishment: laEsperanza, user: undefined },
}

/** The header over a page the spec leaves without contents. */
export const PaginaResumen: Story = {
  args: { establishment: laEsperanza },
  render: (args) => (
    <>
      <HeaderWithState {...args} />
      <PlaceholderPage {...PLACEHOLDER_PAGES.summary} />
    </>
  ),
}

/**
 * On a phone (Storybook's 'mobile2' viewport, 414 px): one row that never grows wider than the screen;
 * the theme toggle is in the user menu. The play function checks where the toggle is at the width shown.
 */
export const EnTelefono: Story = {
  args: {
    establishment: laEsperanza,
    search: (
      <AnimalSearch
        source={async (prefix) => (await picker({ mode: 'all', visual_tag: prefix, perPage: 8 })).data}
        onOpen={fn()}
      />
    ),
  },
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView
    const narrow = view?.matchMedia('(max-width: 47.99rem)').matches ?? false
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      view?.innerWidth ?? 0,
    )
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Ana/ }))
    const body = within(canvasElement.ownerDocument.body)
    await expect(await body.findByRole('menuitem', { name: 'Mi perfil' })).toBeVisible()
    // A phone has the toggle in this menu; a wider screen keeps it in the header.
    await expect(body.queryAllByRole('menuitem', { name: /Cambiar a modo (oscuro|claro)/ })).toHaveLength(
      narrow ? 1 : 0,
    )
  },
}
