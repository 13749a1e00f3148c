import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '~/components/ui/toaster'
import { exampleServices } from '~/features/events/components/record-form.fixtures'
import type { CreateSessionBody, SessionHeader } from '../cattle-handling.schema'
import { type CreateSessionResult, NewSessionForm } from './new-session-form'
import { SessionSelectorView } from './session-selector-view'

function Harness({
  sessions,
  onCreateSession,
  fixed,
  sessionsFailed,
  onRetrySessions,
}: {
  sessions: SessionHeader[] | undefined
  onCreateSession?: (body: CreateSessionBody) => Promise<CreateSessionResult>
  fixed?: SessionHeader
  sessionsFailed?: boolean
  onRetrySessions?: () => void
}) {
  const [value, setValue] = useState<number | null>(null)
  return (
    <>
      <SessionSelectorView
        establishmentId={7}
        work={2}
        value={value}
        onChange={setValue}
        sessions={sessions}
        onCreateSession={onCreateSession}
        fixed={fixed}
        sessionsFailed={sessionsFailed}
        onRetrySessions={onRetrySessions}
      />
      <output aria-label="Elegida">{value ?? 'ninguna'}</output>
      <Toaster />
    </>
  )
}

describe('SessionSelectorView', () => {
  it('ofrece las sesiones con el texto de la especificación', async () => {
    const user = userEvent.setup()
    render(<Harness sessions={[{ id: 3, name: 'Tacto marzo' }]} />)
    const select = screen.getByLabelText('Sesión')
    expect(screen.getByRole('option', { name: 'Seleccione una sesión' })).toBeInTheDocument()
    await user.selectOptions(select, 'Tacto marzo')
    expect(screen.getByLabelText('Elegida')).toHaveTextContent('3')
    expect(screen.queryByRole('button', { name: 'Crear Sesión' })).not.toBeInTheDocument()
  })

  it('sin sesiones dice "No hay sesiones disponibles"', () => {
    render(<Harness sessions={[]} />)
    expect(screen.getByRole('option', { name: 'No hay sesiones disponibles' })).toBeInTheDocument()
  })

  it('mientras carga dice "Cargando sesiones..."; si la lista falla lo dice y ofrece reintentar', async () => {
    const user = userEvent.setup()
    const { rerender } = render(<Harness sessions={undefined} />)
    expect(screen.getByRole('option', { name: 'Cargando sesiones...' })).toBeInTheDocument()
    const retry = vi.fn()
    rerender(<Harness sessions={undefined} sessionsFailed onRetrySessions={retry} />)
    expect(screen.queryByRole('option', { name: 'Cargando sesiones...' })).not.toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo obtener la lista de sesiones')
    expect(screen.getByLabelText('Sesión')).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Reintentar' }))
    expect(retry).toHaveBeenCalledTimes(1)
    // A list read before the failure of a later refetch is still offered.
    rerender(<Harness sessions={[{ id: 3, name: 'Tacto marzo' }]} sessionsFailed onRetrySessions={retry} />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Tacto marzo' })).toBeInTheDocument()
  })

  it('una sesión fija se muestra solo para leer', () => {
    render(<Harness sessions={undefined} fixed={{ id: 9, name: 'Tacto abril' }} />)
    const field = screen.getByLabelText('Sesión')
    expect(field).toHaveValue('Tacto abril')
    expect(field).toHaveAttribute('readonly')
    expect(screen.queryByRole('button', { name: 'Crear Sesión' })).not.toBeInTheDocument()
  })

  it('crea una sesión del tipo del formulario (fijo) con los mensajes de la especificación', async () => {
    const user = userEvent.setup()
    const created = exampleServices({}, 0).createSession
    if (!created) throw new Error('sin createSession')
    const onCreateSession = vi.fn(created)
    render(<Harness sessions={[]} onCreateSession={onCreateSession} />)
    await user.click(screen.getByRole('button', { name: 'Crear Sesión' }))
    const dialog = await screen.findByRole('dialog', { name: 'Crear Sesión' })
    const type = screen.getByLabelText('Tipo de trabajo')
    expect(type).toBeDisabled()
    expect(type).toHaveValue('2')
    const name = screen.getByLabelText('Nombre')
    await user.type(name, 'x')
    await user.clear(name)
    await user.type(screen.getByLabelText('Descripción'), 'y')
    await user.clear(screen.getByLabelText('Descripción'))
    await user.click(screen.getAllByRole('button', { name: 'Crear Sesión' }).at(-1) as HTMLElement)
    expect(await screen.findByText('El nombre es obligatorio.')).toBeInTheDocument()
    expect(screen.getByText('La descripción es obligatoria.')).toBeInTheDocument()
    expect(onCreateSession).not.toHaveBeenCalled()

    await user.type(name, 'Tacto otoño')
    await user.type(screen.getByLabelText('Descripción'), 'Primer tacto')
    await user.click(screen.getAllByRole('button', { name: 'Crear Sesión' }).at(-1) as HTMLElement)
    await waitFor(() => expect(onCreateSession).toHaveBeenCalled())
    expect(onCreateSession.mock.calls[0]?.[0]).toMatchObject({
      name: 'Tacto otoño',
      establishmentId: 7,
      description: 'Primer tacto',
      cattle_handling_work: 2,
    })
    expect(await screen.findByText('Sesión creada exitosamente')).toBeInTheDocument()
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    expect(screen.getByLabelText('Elegida')).toHaveTextContent('99')
  })

  it('si el servidor rechaza la sesión, lo dice con su mensaje', async () => {
    const user = userEvent.setup()
    render(
      <Harness
        sessions={[]}
        onCreateSession={async () => ({ ok: false, error: 'El ID del establecimiento es obligatorio.' })}
      />,
    )
    await user.click(screen.getByRole('button', { name: 'Crear Sesión' }))
    await screen.findByRole('dialog', { name: 'Crear Sesión' })
    await user.type(screen.getByLabelText('Nombre'), 'Tacto')
    await user.type(screen.getByLabelText('Descripción'), 'Tacto')
    await user.click(screen.getAllByRole('button', { name: 'Crear Sesión' }).at(-1) as HTMLElement)
    expect(await screen.findByText('Error al crear la Sesión')).toBeInTheDocument()
    expect(
      screen.getByText('Ha ocurrido un error al crear la sesión El ID del establecimiento es obligatorio.'),
    ).toBeInTheDocument()
  })
})

describe('NewSessionForm (Nueva Sesión)', () => {
  it('pide el tipo cuando no viene fijado, y la fecha entre 1900 y 2050', async () => {
    const user = userEvent.setup()
    const onCreate = vi.fn(async (): Promise<CreateSessionResult> => ({ ok: false, error: 'no' }))
    render(<NewSessionForm establishmentId={7} onCreate={onCreate} onCreated={vi.fn()} onCancel={vi.fn()} />)
    const type = screen.getByLabelText('Tipo de trabajo')
    expect(type).toBeEnabled()
    await user.type(screen.getByLabelText('Nombre'), 'Pesada')
    await user.type(screen.getByLabelText('Descripción'), 'Pesada de otoño')
    await user.click(screen.getByRole('button', { name: 'Crear Sesión' }))
    expect(await screen.findByText('el tipo es obligatorio.')).toBeInTheDocument()
    const date = screen.getByLabelText('Fecha de actividad')
    await user.clear(date)
    // The date picker takes no day outside 1900–2050: a typed one is not kept.
    await user.type(date, '01/03/2051')
    await user.tab()
    await waitFor(() => expect(date).not.toHaveValue('01/03/2051'))
    expect(onCreate).not.toHaveBeenCalled()
  })
})
