import type { Meta, StoryObj } from '@storybook/react-vite'
import { Box } from 'styled-system/jsx'
import { AnimalContextCard } from '~/features/events/components/animal-context-card'
import { exampleAnimals } from '~/features/events/components/record-form.fixtures'

const [cow, withAlerts, neverWeighed] = exampleAnimals

const meta = {
  title: 'Manga/AnimalContextCard',
  component: AnimalContextCard,
  args: { animal: cow ?? exampleAnimals[0] },
  decorators: [
    (Story) => (
      <Box maxW="2xl">
        <Story />
      </Box>
    ),
  ],
} satisfies Meta<typeof AnimalContextCard>

export default meta
type Story = StoryObj<typeof meta>

/** What the crew sees once the tag is read: category, rodeo, last weight and diagnosis. */
export const Vaca: Story = {}

/** Active alerts stand out, so the crew can act on them at the chute. */
export const ConAlertas: Story = { args: { animal: withAlerts } }

export const SinPesadas: Story = { args: { animal: neverWeighed } }
