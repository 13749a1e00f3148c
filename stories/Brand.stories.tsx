import type { Meta, StoryObj } from '@storybook/react-vite'
import { HStack } from 'styled-system/jsx'
import { Logo } from '~/components/ui/logo'
import { ThemeToggle } from '~/components/ui/theme-toggle'

const meta = {
  title: 'UI/Brand',
  component: Logo,
} satisfies Meta<typeof Logo>

export default meta
type Story = StoryObj<typeof meta>

export const Logotipo: Story = {}

export const LogotipoGrande: Story = { args: { size: 'lg' } }

/** The header's logo and theme toggle; the toggle changes this whole page and remembers the choice. */
export const Encabezado: Story = {
  render: (args) => (
    <HStack justify="space-between" maxW="3xl" borderBottomWidth="1px" pb="3">
      <Logo {...args} />
      <ThemeToggle />
    </HStack>
  ),
}
