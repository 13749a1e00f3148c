import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { HStack } from 'styled-system/jsx'
import { UserBar } from '~/features/shell/components/user-bar'
import { ana, slowly, withStoryLinks } from './support'

const meta = {
  title: 'Shell/UserBar',
  component: UserBar,
  decorators: [
    withStoryLinks,
    (Story) => (
      <HStack justify="flex-end" pb="48">
        <Story />
      </HStack>
    ),
  ],
  args: { user: ana, onLogout: fn(slowly()) },
} satisfies Meta<typeof UserBar>

export default meta
type Story = StoryObj<typeof meta>

export const ConUsuario: Story = {}

export const DebeCambiarContrasena: Story = {
  args: { user: { ...ana, must_change_password: 1 } },
}

/** Without user data the spec's fallbacks show. */
export const SinDatos: Story = {
  args: { user: undefined },
}

export const MenuAbierto: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Ana Fernández/ }))
    const body = within(canvasElement.ownerDocument.body)
    await expect(await body.findByRole('menuitem', { name: 'Mi perfil' })).toBeVisible()
    await expect(body.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible()
  },
}
