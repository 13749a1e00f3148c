import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { AnimalSearch } from '~/features/animals/components/animal-search'
import { fakePickerSource } from './animal-fixtures'

const picker = fakePickerSource(250)

const meta = {
  title: 'Animales/AnimalSearch',
  component: AnimalSearch,
  args: {
    source: async (prefix: string) => (await picker({ mode: 'all', visual_tag: prefix, perPage: 8 })).data,
    onOpen: fn(),
  },
} satisfies Meta<typeof AnimalSearch>

export default meta
type Story = StoryObj<typeof meta>

export const Vacio: Story = {}

/** Type the start of a tag, go down with the arrow key, Enter opens the animal. */
export const ElegirConTeclado: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Buscar animal por IDV' })
    await userEvent.type(input, '1302')
    await within(document.body).findByRole('option', { name: /13020/ })
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await expect(args.onOpen).toHaveBeenCalled()
  },
}

export const SinResultados: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'ZZZ')
    await expect(await within(document.body).findByText('Sin Resultados.')).toBeVisible()
  },
}
