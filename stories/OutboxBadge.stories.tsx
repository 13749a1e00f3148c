import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { OutboxBadge } from '~/features/offline/components/outbox-badge'
import { OUTBOX_COUNT_KEY, type OutboxCount, writeOutboxCount } from '~/features/offline/outbox-count'

/**
 * The header's sync badge (decision 040). It reads the count the outbox mirrors in localStorage,
 * so each story writes that count first and removes it after. The stories keep `pending` at 0: a
 * pending record makes the badge load the outbox and start sending (IndexedDB and the server),
 * which a story has neither of.
 */
function withCount(count: OutboxCount) {
  return () => {
    writeOutboxCount(count)
    return () => localStorage.removeItem(OUTBOX_COUNT_KEY)
  }
}

const meta = {
  title: 'Offline/OutboxBadge',
  component: OutboxBadge,
} satisfies Meta<typeof OutboxBadge>

export default meta
type Story = StoryObj<typeof meta>

/** One record refused by the server, waiting in 'Revisar': the badge names it, in the singular. */
export const UnoParaRevisar: Story = {
  beforeEach: withCount({ pending: 0, review: 1 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: '1 registro sin sincronizar' })).toBeVisible()
  },
}

/** The badge follows the count as the outbox changes it, and leaves when nothing is unsent. */
export const SigueLaCuenta: Story = {
  beforeEach: withCount({ pending: 0, review: 3 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: '3 registros sin sincronizar' })).toBeVisible()
    writeOutboxCount({ pending: 0, review: 2 })
    await expect(await canvas.findByRole('button', { name: '2 registros sin sincronizar' })).toBeVisible()
    writeOutboxCount({ pending: 0, review: 0 })
    await waitFor(() => expect(canvas.queryByRole('button', { name: /sin sincronizar/ })).toBeNull())
  },
}

/**
 * Chute mode's own count (addendum h31): inside the chute's dialog, which covers the header, the
 * badge shows its words at every width; the visible words read as its accessible name.
 */
export const EnModoManga: Story = {
  args: { withLabel: true },
  beforeEach: withCount({ pending: 0, review: 2 }),
  play: async ({ canvasElement }) => {
    const badge = await within(canvasElement).findByRole('button', { name: '2 registros sin sincronizar' })
    await expect(badge).toHaveTextContent('2 registros sin sincronizar')
    await expect(within(badge).getByText('registros sin sincronizar')).toBeVisible()
  },
}

/** Nothing unsent: no badge at all. */
export const SinRegistros: Story = {
  beforeEach: withCount({ pending: 0, review: 0 }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull()
  },
}
