import type { Meta, StoryObj } from '@storybook/react-vite'
import { TopMenu } from '~/features/shell/components/top-menu'
import { establishmentMenu, withStoryLinks } from './support'

const meta = {
  title: 'Shell/TopMenu',
  component: TopMenu,
  decorators: [withStoryLinks],
  args: { items: establishmentMenu, establishmentSelected: true },
} satisfies Meta<typeof TopMenu>

export default meta
type Story = StoryObj<typeof meta>

export const ConEstablecimiento: Story = {}

/** Without an establishment the menu is not rendered at all. */
export const SinEstablecimiento: Story = { args: { establishmentSelected: false } }
