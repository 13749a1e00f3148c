import type { Meta, StoryObj } from '@storybook/react-vite'
import { PLACEHOLDER_PAGES, PlaceholderPage } from '~/features/shell/components/placeholder-page'

const meta = {
  title: 'Shell/PlaceholderPage',
  component: PlaceholderPage,
  args: PLACEHOLDER_PAGES.summary,
} satisfies Meta<typeof PlaceholderPage>

export default meta
type Story = StoryObj<typeof meta>

export const Resumen: Story = {}
export const Tablero: Story = { args: PLACEHOLDER_PAGES.dash }
export const TableroRfi: Story = { args: PLACEHOLDER_PAGES.dashboardRfi }
export const Feedlot: Story = { args: PLACEHOLDER_PAGES.dashboardFeedlot }
export const CapacitacionDigital: Story = { args: PLACEHOLDER_PAGES.capacitations }
