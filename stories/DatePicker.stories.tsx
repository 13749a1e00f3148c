import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Stack, styled } from 'styled-system/jsx'
import { DatePicker } from '~/components/ui/date-picker'
import * as Field from '~/components/ui/field'

/** The app's one date field: es-AR, dd/mm/aaaa, typed or chosen; 'yyyy-MM-dd' underneath. */
function Example({ initial = '', withField = true }: { initial?: string; withField?: boolean }) {
  const [value, setValue] = useState(initial)
  const picker = (
    <DatePicker value={value} onValueChange={setValue} min="1900-01-01" max="2030-12-31" id="suelta" />
  )
  return (
    <Stack gap="3" maxW="xs">
      {withField ? (
        <Field.Root>
          <Field.Label>Fecha de nacimiento</Field.Label>
          {picker}
          <Field.HelperText>Escriba dd/mm/aaaa o elija en el calendario.</Field.HelperText>
        </Field.Root>
      ) : (
        <>
          <label htmlFor="suelta">Desde</label>
          {picker}
        </>
      )}
      <styled.output textStyle="sm" color="fg.muted" data-testid="valor">
        Valor: {value || '(vacío)'}
      </styled.output>
    </Stack>
  )
}

const meta = {
  title: 'UI/DatePicker',
  component: Example,
} satisfies Meta<typeof Example>

export default meta
type Story = StoryObj<typeof meta>

export const Vacio: Story = {}

export const ConFecha: Story = { args: { initial: '2026-03-05' } }

/** Typed with the keyboard, day first, whatever the browser's language. */
export const EscritaConTeclado: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole<HTMLInputElement>('textbox', { name: 'Fecha de nacimiento' })
    await userEvent.type(input, '5/3/2026{Enter}')
    // The picker settles its text after the change it reports: wait for both.
    await waitFor(() => expect(canvas.getByTestId('valor')).toHaveTextContent('2026-03-05'))
    await waitFor(() => expect(input.value).toBe('05/03/2026'))
  },
}

/** Outside a Field (the table filters' Desde/Hasta): a plain label names it. */
export const FueraDeUnField: Story = { args: { withField: false, initial: '2025-12-31' } }
