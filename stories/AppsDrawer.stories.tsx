import type { Meta, StoryObj } from '@storybook/react-vite'
import { AppsDrawer } from '~/features/shell/components/apps-drawer'
import { withStoryLinks } from './support'

const meta = {
  title: 'Shell/AppsDrawer',
  component: AppsDrawer,
  decorators: [withStoryLinks],
  args: { activeApp: 'insights' },
} satisfies Meta<typeof AppsDrawer>

export default meta
type Story = StoryObj<typeof meta>

export const Cerrado: Story = {}

export const Abierto: Story = { args: { open: true } }
