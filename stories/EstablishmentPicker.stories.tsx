import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Box } from 'styled-system/jsx'
import { EstablishmentPicker } from '~/features/establishments/components/establishment-picker'
import { AppHeader } from '~/features/shell/components/app-header'
import { ana, establishments, FullBleed, slowly, withStoryLinks } from './support'

const meta = {
  title: 'Establecimientos/EstablishmentPicker',
  component: EstablishmentPicker,
  decorators: [withStoryLinks],
  args: { userName: ana.name, establishments, onSelect: fn() },
} satisfies Meta<typeof EstablishmentPicker>

export default meta
type Story = StoryObj<typeof meta>

export const ConEstablecimientos: Story = {}

/** Exactly 8 skeleton cards while the list loads. */
export const Cargando: Story = { args: { loading: true, establishments: undefined } }

export const SinEstablecimientos: Story = { args: { establishments: [] } }

/** The search ignores case and accents: 'ALAMOS' finds 'Los Álamos'. */
export const Buscando: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByPlaceholderText('Buscar Establecimiento'), 'ALAMOS')
    await expect(canvas.getByRole('button', { name: /Los Álamos/ })).toBeVisible()
  },
}

export const SinResultados: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByPlaceholderText('Buscar Establecimiento'), 'Tandil')
    await expect(await canvas.findByText('No se encontraron establecimientos.')).toBeVisible()
  },
}

/** The chosen establishment is opening: its card shows a spinner and the others wait. */
export const Abriendo: Story = { args: { pendingId: 2 } }

/** The picker page as the app shows it, under the header. */
export const Pagina: Story = {
  render: (args) => (
    <FullBleed>
      <AppHeader user={ana} onLogout={fn(slowly())} />
      <Box as="main" px={{ base: '4', md: '8' }} py="8" maxW="breakpoint-xl" mx="auto">
        <EstablishmentPicker {...args} />
      </Box>
    </FullBleed>
  ),
}
