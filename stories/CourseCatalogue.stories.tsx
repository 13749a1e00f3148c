import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { CourseCatalogue } from '~/features/capacitations/components/course-catalogue'
import { CATALOGUE } from './capacitations.fixtures'

const link = (children: React.ReactNode) => <a href="#curso">{children}</a>

const meta = {
  title: 'Capacitación/CourseCatalogue',
  component: CourseCatalogue,
  args: {
    list: CATALOGUE,
    query: '',
    onSearch: fn(),
    renderCourseLink: (_course, children) => link(children),
    renderEditLink: (_course, children) => link(children),
    renderNewLink: link,
    renderProgressLink: link,
  },
} satisfies Meta<typeof CourseCatalogue>

export default meta
type Story = StoryObj<typeof meta>

/** An administrador: the courses with their progress, and the authors' links. */
export const Administrador: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Registrar una pesada en la manga' }),
    ).toBeVisible()
    await expect(canvas.getByText('Completado')).toBeVisible()
    await expect(canvas.getByText('33 % completado')).toBeVisible()
    await expect(canvas.getByRole('link', { name: /Nuevo curso/ })).toBeVisible()
    await expect(canvas.getAllByRole('link', { name: /^Editar/ })).toHaveLength(1)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar cursos' }), 'pesada')
    await userEvent.click(canvas.getByRole('button', { name: 'Buscar' }))
    await expect(args.onSearch).toHaveBeenCalledWith('pesada')
  },
}

/** A usuario: no authoring links. */
export const Usuario: Story = {
  args: {
    list: { ...CATALOGUE, canAuthor: false, data: CATALOGUE.data.map((c) => ({ ...c, canEdit: false })) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('link', { name: /Nuevo curso/ })).toBeNull()
    await expect(canvas.queryByRole('link', { name: /^Editar/ })).toBeNull()
  },
}

/** A search that matches nothing. */
export const SinResultados: Story = {
  args: { list: { ...CATALOGUE, data: [] }, query: 'ovejas' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ningún curso coincide con «ovejas».')).toBeVisible()
  },
}
