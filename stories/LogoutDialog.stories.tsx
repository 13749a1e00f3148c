import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { Button } from '~/components/ui/button'
import { LogoutDialog } from '~/features/shell/components/logout-dialog'
import { slowly } from './support'

const meta = {
  title: 'Shell/LogoutDialog',
  component: LogoutDialog,
  args: { open: true, onOpenChange: fn(), onConfirm: fn(slowly(3000)) },
  render: function Render(args) {
    const [open, setOpen] = useState(args.open)
    return (
      <>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Cerrar sesión
        </Button>
        <LogoutDialog
          {...args}
          open={open}
          onOpenChange={(next) => {
            setOpen(next)
            args.onOpenChange(next)
          }}
        />
      </>
    )
  },
} satisfies Meta<typeof LogoutDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Abierto: Story = {}

/** 'Continuar' waits for the logout; meanwhile the dialog cannot be dismissed. */
export const CerrandoSesion: Story = {
  play: async ({ args, canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await userEvent.click(await body.findByRole('button', { name: 'Continuar' }))
    await expect(args.onConfirm).toHaveBeenCalled()
    await expect(body.getByRole('button', { name: 'Cancelar' })).toBeDisabled()
  },
}
