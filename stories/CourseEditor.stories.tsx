import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { CAPACITATION_MESSAGES } from '~/features/capacitations/capacitations.schema'
import { CourseEditor } from '~/features/capacitations/components/course-editor'

const meta = {
  title: 'Capacitación/CourseEditor',
  component: CourseEditor,
  args: {
    canAuthorGeneral: false,
    onSave: fn(() =>
      Promise.resolve({ ok: true as const, message: CAPACITATION_MESSAGES.createSuccess, id: 9 }),
    ),
    uploadAttachment: fn(() => Promise.resolve({ ok: true as const })),
    removeAttachment: fn(() => Promise.resolve({ ok: true as const })),
    attachmentHref: (id) => `#adjunto-${id}`,
    renderBackLink: (children) => <a href="#cursos">{children}</a>,
  },
} satisfies Meta<typeof CourseEditor>

export default meta
type Story = StoryObj<typeof meta>

/** A new course: the preview shows what readers get, and the course is saved whole. */
export const NuevoCurso: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Título del curso'), 'Encierre')
    await userEvent.type(canvas.getByLabelText('Título de la lección'), 'Antes de encerrar')
    await userEvent.type(canvas.getByLabelText('Texto (Markdown)'), 'Revisar **tranqueras**')
    await userEvent.click(canvas.getByRole('button', { name: /Vista previa/ }))
    const preview = canvas.getByRole('region', { name: 'Vista previa de la lección' })
    await expect(preview.querySelector('strong')).toHaveTextContent('tranqueras')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear curso' }))
    await expect(args.onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Encierre',
        lessons: [expect.objectContaining({ title: 'Antes de encerrar' })],
      }),
    )
  },
}

/** A lesson without a title is refused on the field, with the API's message, before anything is sent. */
export const LeccionSinTitulo: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Título del curso'), 'Encierre')
    await userEvent.click(canvas.getByRole('button', { name: 'Crear curso' }))
    await expect(await canvas.findByText(CAPACITATION_MESSAGES.lessonTitleRequired)).toBeVisible()
    await expect(args.onSave).not.toHaveBeenCalled()
  },
}

/** An existing course, with an attachment on its first lesson. */
export const EditarCurso: Story = {
  args: {
    initial: {
      id: 7,
      title: 'Encierre en el corral',
      summary: 'Cómo encerramos la hacienda.',
      general: false,
      passMark: 60,
      lessons: [
        {
          id: 70,
          title: 'Antes de encerrar',
          body: 'Revisar **tranqueras**.',
          videoUrl: '',
          attachments: [{ id: 5, fileName: 'corral.png', mediaType: 'image/png', size: 2000 }],
        },
      ],
      questions: [{ prompt: '¿Cuántos por vez?', options: ['Pocos', 'Todos'], correct: 0 }],
    },
    onDelete: fn(() => Promise.resolve({ ok: true as const })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Editar «Encierre en el corral»' }),
    ).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'corral.png' })).toHaveAttribute('href', '#adjunto-5')
    await expect(canvas.getByLabelText('Adjuntar imagen o PDF')).toBeVisible()
  },
}
