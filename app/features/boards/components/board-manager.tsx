import { PencilIcon, PlusIcon, StarIcon, Trash2Icon } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { HStack, Stack, styled } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import { Checkbox } from '~/components/ui/checkbox'
import { ConfirmDialog } from '~/components/ui/confirm-dialog'
import { Input } from '~/components/ui/input'
import { toast } from '~/components/ui/toaster'
import type { Board } from '~/features/establishments/establishment.schema'
import type { ActionResult } from '~/lib/action-result'
import { BOARD_MESSAGES, type BoardInput, boardInputSchema } from '../boards.schema'

export interface BoardManagerProps {
  dashboardTypeId: 1 | 2
  boards: readonly Board[]
  onSave: (board: BoardInput, boardId?: number) => Promise<ActionResult>
  onDelete: (boardId: number) => Promise<ActionResult>
}

/** 'Administrar tableros' (administradores): add, edit, mark default and delete the page's boards. */
export function BoardManager({ dashboardTypeId, boards, onSave, onDelete }: BoardManagerProps) {
  const [editing, setEditing] = useState<Board | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Board | null>(null)
  return (
    <Stack gap="3" borderWidth="1px" borderColor="border" borderRadius="l2" p="4">
      <HStack justify="space-between" flexWrap="wrap">
        <styled.h2 textStyle="lg" fontWeight="semibold">
          Administrar tableros
        </styled.h2>
        {editing === null && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden /> Agregar tablero
          </Button>
        )}
      </HStack>
      {editing !== null && (
        <BoardForm
          key={editing === 'new' ? 'new' : editing.id}
          dashboardTypeId={dashboardTypeId}
          board={editing === 'new' ? undefined : editing}
          onCancel={() => setEditing(null)}
          onSave={async (input) => {
            const result = await onSave(input, editing === 'new' ? undefined : editing.id)
            if (result.ok) setEditing(null)
            return result
          }}
        />
      )}
      {boards.length > 0 && (
        <styled.ul display="flex" flexDirection="column" gap="2" aria-label="Tableros configurados">
          {boards.map((board) => (
            <styled.li key={board.id} display="flex" alignItems="center" gap="2" flexWrap="wrap">
              <styled.span flex="1" minW="40">
                {board.title}{' '}
                <styled.span color="fg.muted" textStyle="sm">
                  ({board.url ? 'externo' : 'propio'})
                </styled.span>
              </styled.span>
              {board.default && (
                <styled.span
                  display="inline-flex"
                  alignItems="center"
                  gap="1"
                  color="fg.muted"
                  textStyle="xs"
                >
                  <StarIcon size={14} aria-hidden /> Predeterminado
                </styled.span>
              )}
              <Button
                size="xs"
                variant="outline"
                onClick={() => setEditing(board)}
                aria-label={`Editar ${board.title}`}
              >
                <PencilIcon aria-hidden /> Editar
              </Button>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setDeleting(board)}
                aria-label={`Eliminar ${board.title}`}
              >
                <Trash2Icon aria-hidden /> Eliminar
              </Button>
            </styled.li>
          ))}
        </styled.ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        tone="danger"
        title="Eliminar tablero"
        description={`¿Eliminar el tablero «${deleting?.title ?? ''}»?`}
        confirmLabel="Eliminar"
        busyLabel="Eliminando..."
        onConfirm={async () => {
          if (!deleting) return
          const result = await onDelete(deleting.id)
          if (result.ok) toast.success(result.message ?? BOARD_MESSAGES.deleted)
          else toast.error(result.error)
          setDeleting(null)
        }}
      />
    </Stack>
  )
}

function BoardForm({
  dashboardTypeId,
  board,
  onSave,
  onCancel,
}: {
  dashboardTypeId: 1 | 2
  board?: Board
  onSave: (input: BoardInput) => Promise<ActionResult>
  onCancel: () => void
}) {
  const id = useId()
  const [title, setTitle] = useState(board?.title ?? '')
  const [url, setUrl] = useState(board?.url ?? '')
  const [isDefault, setIsDefault] = useState(board?.default ?? false)
  const [errors, setErrors] = useState<{ title?: string; url?: string }>({})
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = boardInputSchema.safeParse({
      title,
      url,
      default: isDefault,
      dashboard_type_id: dashboardTypeId,
    })
    if (!parsed.success) {
      const next: typeof errors = {}
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'url' ? 'url' : 'title'
        next[key] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const result = await onSave(parsed.data)
      if (result.ok) toast.success(result.message ?? BOARD_MESSAGES.created)
      else toast.error(result.error)
    } finally {
      setBusy(false)
    }
  }
  return (
    <styled.form
      onSubmit={submit}
      display="flex"
      flexDirection="column"
      gap="3"
      noValidate
      aria-label={board ? 'Editar tablero' : 'Nuevo tablero'}
    >
      <Stack gap="1">
        <styled.label htmlFor={`${id}-title`} textStyle="sm" fontWeight="medium">
          Título
        </styled.label>
        <Input
          id={`${id}-title`}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${id}-title-error` : undefined}
        />
        {errors.title && (
          <styled.p id={`${id}-title-error`} color="fg.error" textStyle="sm">
            {errors.title}
          </styled.p>
        )}
      </Stack>
      <Stack gap="1">
        <styled.label htmlFor={`${id}-url`} textStyle="sm" fontWeight="medium">
          Dirección (https)
        </styled.label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={`${id}-url-help${errors.url ? ` ${id}-url-error` : ''}`}
        />
        <styled.p id={`${id}-url-help`} color="fg.muted" textStyle="xs">
          Vacía: el tablero propio de Insights con los datos del establecimiento. Con dirección: un informe
          publicado (por ejemplo de Power BI) que se muestra dentro de la página.
        </styled.p>
        {errors.url && (
          <styled.p id={`${id}-url-error`} color="fg.error" textStyle="sm">
            {errors.url}
          </styled.p>
        )}
      </Stack>
      <HStack gap="2" textStyle="sm">
        <Checkbox id={`${id}-default`} checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
        <styled.label htmlFor={`${id}-default`}>Predeterminado (se abre primero)</styled.label>
      </HStack>
      <HStack gap="2">
        <Button type="submit" size="sm" loading={busy} loadingText="Guardando...">
          Guardar
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
      </HStack>
    </styled.form>
  )
}
