import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { CourseReader } from '~/features/capacitations/components/course-reader'
import { COURSE } from './capacitations.fixtures'

const meta = {
  title: 'Capacitación/CourseReader',
  component: CourseReader,
  args: {
    course: COURSE,
    step: 2,
    attachmentHref: (id) => `#adjunto-${id}`,
    renderStepLink: (step, children) => <a href={`#paso-${step}`}>{children}</a>,
    renderBackLink: (children) => <a href="#cursos">{children}</a>,
    onMarkDone: fn(() => Promise.resolve({ ok: true as const })),
    onSubmitQuiz: fn(() =>
      Promise.resolve({
        ok: true as const,
        result: { correct: 1, total: 2, score: 50, passMark: 60, passed: false, results: [true, false] },
      }),
    ),
  },
  parameters: { viewport: { defaultViewport: 'mobile1' } },
} satisfies Meta<typeof CourseReader>

export default meta
type Story = StoryObj<typeof meta>

/** A lesson: typed HTML shows as text, the lesson is marked read. */
export const Leccion: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const article = canvas.getByRole('article')
    await expect(within(article).getByRole('heading', { level: 2, name: 'En la manga' })).toBeVisible()
    await expect(article).toHaveTextContent('<script>alert(1)</script>')
    await expect(article.querySelector('script')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: /Marcar como leída/ }))
    await expect(args.onMarkDone).toHaveBeenCalledWith(71)
  },
}

/** The first lesson, read, with a PDF. */
export const LeccionLeida: Story = {
  args: { step: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Lección leída')).toBeVisible()
    await expect(canvas.getByRole('link', { name: /Abrir PDF: protocolo.pdf/ })).toHaveAttribute(
      'href',
      '#adjunto-5',
    )
  },
}

/** The quiz: every question must be answered; the server's score is shown. */
export const Cuestionario: Story = {
  args: { step: 'cuestionario' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar respuestas' }))
    await expect(canvas.getByRole('alert')).toHaveTextContent('Responda todas las preguntas del cuestionario')
    await userEvent.click(canvas.getByRole('radio', { name: 'Pocos' }))
    await userEvent.click(canvas.getByRole('radio', { name: 'Sí' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar respuestas' }))
    await expect(args.onSubmitQuiz).toHaveBeenCalledWith([0, 0])
    await expect(await canvas.findByText(/^No aprobado: 1 de 2 correctas/)).toBeVisible()
  },
}
