import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { EstablishmentDialog } from '~/features/shell/components/establishment-dialog'
import { slowly, withStoryLinks } from './support'

const meta = {
  title: 'Shell/EstablishmentDialog',
  component: EstablishmentDialog,
  decorators: [withStoryLinks],
  args: {
    establishmentName: 'Estancia El Ombú',
    keepSession: true,
    onKeepSessionChange: fn(),
    onChangeEstablishment: fn(slowly(2000)),
    open: true,
  },
  render: function Render(args) {
    const [keepSession, setKeepSession] = useState(args.keepSession)
    const [open, setOpen] = useState(args.open)
    return (
      <EstablishmentDialog
        {...args}
        open={open}
        onOpenChange={setOpen}
        keepSession={keepSession}
        onKeepSessionChange={(next) => {
          setKeepSession(next)
          args.onKeepSessionChange(next)
        }}
      />
    )
  },
} satisfies Meta<typeof EstablishmentDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Abierto: Story = {}

export const Cerrado: Story = { args: { open: false } }

/** 'Cambiar establecimiento' asks first, warning that unsaved work is lost. */
export const ConfirmarCambio: Story = {
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(await body.findByRole('button', { name: 'Cambiar establecimiento' }))
    await expect(await body.findByText('Los cambios no guardados se perderán.')).toBeVisible()
    await expect(args.onChangeEstablishment).not.toHaveBeenCalled()
  },
}
