import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { AnimalRfiSummary } from '~/features/rfi/components/animal-rfi-card'
import { RfiView } from '~/features/rfi/components/rfi-view'
import { RFI_MESSAGES, type RfiAnimal, type RfiResultAnswer, type RfiTest } from '~/features/rfi/rfi.schema'

const TEST: RfiTest = {
  id: 3,
  name: 'Prueba 2026',
  rodeo_id: 9,
  rodeo: 'Prueba RFI',
  start_date: '2026-08-02',
  end_date: '2026-11-01',
  adaptation_days: 21,
  animals: 3,
  warnings: [],
}
const animal = (n: number, rfi: number | null, rfiClass: RfiAnimal['rfi_class']): RfiAnimal => ({
  id: `a${n}`,
  visual_tag: `RFI-00${n}`,
  electronic_tag: null,
  weighings: 6,
  intake_days: 71,
  adg: 1 + n / 10,
  mid_weight: 340,
  mmw: 79.2,
  dmi: 9 + n / 5,
  fcr: 8.1,
  predicted_dmi: 9.4,
  rfi,
  rfi_class: rfiClass,
  rank: rfi === null ? null : n,
  note: rfi === null ? 'Menos de 3 pesadas en la prueba: sin GDPV ni RFI' : null,
})
const RESULT: RfiResultAnswer = {
  test: TEST,
  test_start: '2026-08-23',
  test_days: 71,
  coefficients: { intercept: 1.2, mmw: 0.085, adg: 2.1 },
  r_squared: 0.71,
  rfi_sd: 0.5,
  complete: 2,
  warnings: ['Menos de 10 animales con datos completos: no se calcula el RFI del grupo'],
  animals: [animal(1, -0.6, 'eficiente'), animal(2, 0.6, 'ineficiente'), animal(3, null, null)],
}

const meta = {
  title: 'Tableros/RFI',
  component: RfiView,
  args: {
    tests: [TEST],
    selectedTestId: 3,
    onSelectTest: fn(),
    result: RESULT,
    resultLoading: false,
    canEdit: true,
    rodeos: [{ id: 9, name: 'Prueba RFI', animals: 3 }],
    onCreateTest: fn(() => Promise.resolve({ ok: true as const, id: 4 })),
    onImportIntake: fn(() => Promise.resolve({ ok: true as const, message: RFI_MESSAGES.intakeSaved(3) })),
  },
} satisfies Meta<typeof RfiView>

export default meta
type Story = StoryObj<typeof meta>

/** The ranking with its classes, the warnings and the reason an animal has no figure. */
export const Ranking: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: 'Ranking RFI de Prueba 2026' })
    await expect(within(table).getByText('Eficiente')).toBeVisible()
    await expect(within(table).getByText('Menos de 3 pesadas en la prueba: sin GDPV ni RFI')).toBeVisible()
    await expect(canvas.getByText(RESULT.warnings[0] as string)).toBeVisible()
  },
}

/** Defining a test: the end must come after the adaptation. */
export const PruebaInvalida: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Nombre'), 'Nueva')
    await userEvent.selectOptions(canvas.getByLabelText('Rodeo (grupo)'), '9')
    await userEvent.type(canvas.getByLabelText('Inicio (comienza la adaptación)'), '2026-08-02')
    await userEvent.type(canvas.getByLabelText('Fin de la prueba'), '2026-08-10')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear prueba' }))
    await expect(await canvas.findByText(RFI_MESSAGES.endAfterAdaptation)).toBeVisible()
    await expect(args.onCreateTest).not.toHaveBeenCalled()
  },
}

/** The animal page's card. */
export const FichaDelAnimal: Story = {
  render: () => (
    <AnimalRfiSummary
      rfi={{
        test: { id: 3, name: 'Prueba 2026', end_date: '2026-11-01' },
        animal: animal(1, -0.6, 'eficiente'),
        group: 100,
      }}
    />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Eficiente')).toBeVisible()
  },
}
