import type { Meta, StoryObj } from '@storybook/react-vite'
import { Trash2Icon } from 'lucide-react'
import { fn } from 'storybook/test'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    title: '¿Eliminar la pesada?',
    description: 'Se eliminará la pesada de 1302 del 04/03/2026 (350,5 kg).',
    confirmLabel: 'Eliminar',
    busyLabel: 'Eliminando...',
    tone: 'danger',
  },
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Eliminar: Story = {}

export const ConIcono: Story = { args: { icon: <Trash2Icon size={18} /> } }

/** The action is under way: it cannot be cancelled. */
export const Eliminando: Story = { args: { busy: true } }
