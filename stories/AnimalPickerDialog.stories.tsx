import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { AnimalPickerDialog } from '~/features/animals/components/animal-picker-dialog'
import { fakePickerSource, herdFemales } from './animal-fixtures'

const meta = {
  title: 'Animales/AnimalPickerDialog',
  component: AnimalPickerDialog,
  args: {
    open: true,
    title: 'Elegir madre',
    mode: 'mother',
    source: fakePickerSource(),
    chosenId: herdFemales[2]?.uuid ?? null,
    onChoose: fn(),
    onAccept: fn(),
    onCancel: fn(),
  },
  render: function Render(args) {
    const [chosen, setChosen] = useState(args.chosenId)
    return (
      <AnimalPickerDialog
        {...args}
        chosenId={chosen}
        onChoose={(animal) => {
          setChosen(animal.uuid)
          args.onChoose(animal)
        }}
      />
    )
  },
} satisfies Meta<typeof AnimalPickerDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The females of the establishment, ten a page; the current mother is marked. */
export const Madres: Story = {}

/** Typing in the IDV filter narrows the list (served by the server, prefix match); a click chooses. */
export const FiltrarYElegir: Story = {
  play: async ({ args }) => {
    const body = within(document.body)
    const dialog = await body.findByRole('dialog', { name: 'Elegir madre' })
    await userEvent.type(within(dialog).getByLabelText('IDV'), '1305')
    await userEvent.click(await within(dialog).findByText('13050'))
    await expect(args.onChoose).toHaveBeenCalledWith(expect.objectContaining({ caravana_visual: '13050' }))
  },
}

export const SinResultados: Story = { args: { source: fakePickerSource(200, []) } }

export const ErrorDelServidor: Story = {
  args: { source: () => Promise.reject(new Error('500')) },
}
