import { Portal } from '@ark-ui/react/portal'
import { HStack, Stack } from 'styled-system/jsx'
import { useAppForm } from '~/components/form/app-form'
import { fieldValidatorsFrom } from '~/components/form/validation'
import { Button } from '~/components/ui/button'
import * as Dialog from '~/components/ui/dialog'
import { toast } from '~/components/ui/toaster'
import type { ActionResult } from '~/lib/action-result'
import { farmToday } from '~/lib/record-rules'
import {
  CATTLE_HANDLING_WORKS,
  type CattleHandlingWork,
  type CreateSessionBody,
  createSessionSchema,
  SESSION_DATE_BOUNDS,
  SESSION_DESCRIPTION_MAX,
  SESSION_MESSAGES,
  SESSION_NAME_MAX,
  type Session,
  WORK_LABELS,
} from '../cattle-handling.schema'

export type CreateSessionResult = ActionResult & { session?: Session }

/** The 'Nueva Sesión' form's values: the spec's creation fields (the establishment is the current one). */
type SessionFormValues = {
  name: string
  establishmentId: number
  activityDate: string
  description: string
  cattle_handling_work: CattleHandlingWork | null
}

const WORK_OPTIONS = CATTLE_HANDLING_WORKS.map((work) => ({ value: work, label: WORK_LABELS[work] }))

export interface NewSessionFormProps {
  establishmentId: number
  /** Opened from a record form: the type is that form's and cannot be changed (spec sections 4 and 5). */
  lockedWork?: CattleHandlingWork
  onCreate: (body: CreateSessionBody) => Promise<CreateSessionResult>
  /** After the success toast, with the new session. */
  onCreated: (session: Session) => void
  onCancel: () => void
}

/** 'Nueva Sesión' (spec sections 2, 3 and 5): name, activity date, type and description. */
export function NewSessionForm({
  establishmentId,
  lockedWork,
  onCreate,
  onCreated,
  onCancel,
}: NewSessionFormProps) {
  const defaultValues: SessionFormValues = {
    name: '',
    establishmentId,
    activityDate: farmToday(),
    description: '',
    cattle_handling_work: lockedWork ?? null,
  }
  const form = useAppForm({
    defaultValues,
    canSubmitWhenInvalid: true,
    onSubmit: async ({ value }) => {
      const parsed = createSessionSchema.safeParse(value)
      if (!parsed.success) return
      let result: CreateSessionResult
      try {
        result = await onCreate(parsed.data)
      } catch {
        result = { ok: false, error: 'Error desconocido' }
      }
      if (result.ok && result.session) {
        toast.success(SESSION_MESSAGES.createSuccess)
        onCreated(result.session)
      } else {
        toast.error(SESSION_MESSAGES.createError, {
          description: SESSION_MESSAGES.createErrorDetail(result.ok ? 'Error desconocido' : result.error),
        })
      }
    },
  })
  const rule = (name: keyof SessionFormValues) => fieldValidatorsFrom(createSessionSchema, name)
  return (
    <form.AppForm>
      <form.Form>
        <Stack gap="4">
          <form.AppField name="name" validators={rule('name')}>
            {(field) => (
              <field.TextField
                label="Nombre"
                required
                placeholder="Por ejemplo: Pesada destete 2026"
                maxLength={SESSION_NAME_MAX}
                autoFocus
              />
            )}
          </form.AppField>
          <form.AppField name="activityDate" validators={rule('activityDate')}>
            {(field) => (
              <field.DateField
                label="Fecha de actividad"
                min={SESSION_DATE_BOUNDS.min}
                max={SESSION_DATE_BOUNDS.max}
              />
            )}
          </form.AppField>
          <form.AppField name="cattle_handling_work" validators={rule('cattle_handling_work')}>
            {(field) => (
              <field.SelectField
                label="Tipo de trabajo"
                placeholder="Seleccione el tipo"
                options={WORK_OPTIONS}
                disabled={lockedWork !== undefined}
                helperText={
                  lockedWork !== undefined ? 'El tipo lo fija el formulario desde el que se crea.' : undefined
                }
              />
            )}
          </form.AppField>
          <form.AppField name="description" validators={rule('description')}>
            {(field) => (
              <field.TextareaField
                label="Descripción"
                // Said before submitting: the spec requires it ('La descripción es obligatoria.').
                required
                helperText="Obligatoria."
                placeholder="Qué se hace en esta sesión"
                maxLength={SESSION_DESCRIPTION_MAX}
              />
            )}
          </form.AppField>
          <HStack justify="flex-end" gap="3">
            <Button variant="outline" onClick={onCancel}>
              Cancelar
            </Button>
            <form.SubmitButton>Crear Sesión</form.SubmitButton>
          </HStack>
        </Stack>
      </form.Form>
    </form.AppForm>
  )
}

export interface NewSessionDialogProps extends Omit<NewSessionFormProps, 'onCancel'> {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** 'Crear Sesión' from a selector, 'Nueva Sesión' from the Manga page. */
  title?: string
  /** Where the focus goes when the dialog closes (default: back to what opened it). */
  focusAfterCreate?: () => HTMLElement | null
}

/** The session form in a dialog; it closes itself once the session is created. */
export function NewSessionDialog({
  open,
  onOpenChange,
  title = 'Crear Sesión',
  onCreated,
  focusAfterCreate,
  ...form
}: NewSessionDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      // Closing gives the focus back where asked (the chute's tag field) instead of to the button.
      finalFocusEl={focusAfterCreate}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content width="full" maxW="lg" minW="0">
            <Stack gap="5" p="6">
              <Stack gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                <Dialog.Description>Una sesión agrupa el trabajo de un día de manga.</Dialog.Description>
              </Stack>
              <NewSessionForm
                {...form}
                onCancel={() => onOpenChange(false)}
                onCreated={(session) => {
                  onOpenChange(false)
                  onCreated(session)
                }}
              />
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
