import type { Meta, StoryObj } from '@storybook/react-vite'
import { ConfigSidebar } from '~/features/shell/components/config-sidebar'
import { withStoryLinks } from './support'

const meta = {
  title: 'Shell/ConfigSidebar',
  component: ConfigSidebar,
  decorators: [withStoryLinks],
  args: { isAdmin: false, isSuperAdmin: false, activeSection: 'perfil' },
} satisfies Meta<typeof ConfigSidebar>

export default meta
type Story = StoryObj<typeof meta>

export const Usuario: Story = {}

export const Administrador: Story = { args: { isAdmin: true } }

/** Superadmins also get the superadmin-only buttons. */
export const Superadministrador: Story = {
  args: { isAdmin: true, isSuperAdmin: true, activeSection: 'usuarios' },
}
