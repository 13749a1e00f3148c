import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { Box, Stack } from 'styled-system/jsx'
import { ConfigSidebar } from '~/features/shell/components/config-sidebar'
import { UserProfile } from '~/features/users/components/user-profile'
import { ana, roles, slowly, withStoryLinks } from './support'

const meta = {
  title: 'Usuarios/UserProfile',
  component: UserProfile,
  decorators: [withStoryLinks],
  args: { user: ana, roles, onChangePassword: fn(slowly()) },
} satisfies Meta<typeof UserProfile>

export default meta
type Story = StoryObj<typeof meta>

export const Usuario: Story = {}

export const Superadministrador: Story = {
  args: { roles: { ...roles, isSuperAdmin: true } },
}

export const DebeCambiarContrasena: Story = {
  args: { user: { ...ana, must_change_password: 1 } },
}

export const CargandoRoles: Story = { args: { roles: undefined } }

/** The profile page with the configuration sidebar beside it. */
export const ConPanelDeConfiguraciones: Story = {
  render: (args) => (
    <Stack direction={{ base: 'column', md: 'row' }} gap="8" maxW="breakpoint-xl" mx="auto">
      <ConfigSidebar isAdmin isSuperAdmin={false} activeSection="perfil" />
      <Box flex="1" minW="0">
        <UserProfile {...args} />
      </Box>
    </Stack>
  ),
}
