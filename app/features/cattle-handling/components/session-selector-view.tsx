import { PlusIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Box, HStack } from 'styled-system/jsx'
import { Button } from '~/components/ui/button'
import * as Field from '~/components/ui/field'
import type { CattleHandlingWork, CreateSessionBody, Session, SessionHeader } from '../cattle-handling.schema'
import { type CreateSessionResult, NewSessionDialog } from './new-session-form'

export const SESSION_SELECTOR_TEXT = {
  label: 'Sesión',
  placeholder: 'Seleccione una sesión',
  empty: 'No hay sesiones disponibles',
  create: 'Crear Sesión',
  loading: 'Cargando sesiones...',
  failed: 'No se pudo obtener la lista de sesiones',
  retry: 'Reintentar',
} as const

/**
 * The props every session selector takes (spec section 2, "Session selector"). A record form or a
 * bulk upload panel renders `<SessionSelector>` with these; the session's type is the form's.
 */
export interface SessionSelectorProps {
  /** The establishment whose sessions are listed and in which a new one is created. */
  establishmentId: number
  /** The form's work type: only sessions of this type are offered, and a created one gets it (locked). */
  work: CattleHandlingWork
  /** The chosen session's id, or null. */
  value: number | null
  /** Called with the chosen (or just created) session's id; null when the choice is cleared. */
  onChange: (sessionId: number | null) => void
  /**
   * The form was opened from an existing session: it is shown read-only by its name and cannot be
   * changed (spec section 4).
   */
  fixed?: SessionHeader
  /** The field's label (default 'Sesión'). */
  label?: string
  /** A validation message to show under the field (e.g. 'La sesión es obligatoria.'). */
  error?: string
  disabled?: boolean
  /** Taller controls, for the chute. */
  size?: 'md' | 'lg'
  /** Called after a session is created from the 'Crear Sesión' dialog (after onChange). */
  onCreated?: (session: Session) => void
  /**
   * Where the focus goes once a session is created in the 'Crear Sesión' dialog (default: back to
   * its button). The chute sends it to the tag field.
   */
  focusAfterCreate?: () => HTMLElement | null
}

export interface SessionSelectorViewProps extends SessionSelectorProps {
  /** The establishment's sessions of `work`; undefined while they load (or when they failed to). */
  sessions: SessionHeader[] | undefined
  /** The list could not be read (retries spent): said so instead of loading for ever. */
  sessionsFailed?: boolean
  /** Asks for the list again ('Reintentar' beside the failure). */
  onRetrySessions?: () => void
  /** Creates a session; without it there is no 'Crear Sesión' button. */
  onCreateSession?: (body: CreateSessionBody) => Promise<CreateSessionResult>
}

/**
 * The session selector as it looks, fed by props (stories, tests). Placeholder 'Seleccione una
 * sesión', 'No hay sesiones disponibles' when there are none, and a 'Crear Sesión' dialog whose type
 * is locked to the form's.
 */
export function SessionSelectorView({
  establishmentId,
  work,
  value,
  onChange,
  fixed,
  label = SESSION_SELECTOR_TEXT.label,
  error,
  disabled,
  size = 'md',
  onCreated,
  focusAfterCreate,
  sessions,
  sessionsFailed,
  onRetrySessions,
  onCreateSession,
}: SessionSelectorViewProps) {
  const [creating, setCreating] = useState(false)
  const hintId = useId()
  const tall = size === 'lg' ? { height: '12', textStyle: 'md' } : {}
  if (fixed) {
    return (
      <Field.Root readOnly>
        <Field.Label>{label}</Field.Label>
        <Field.Input value={fixed.name} readOnly {...tall} aria-describedby={hintId} />
        <Field.HelperText id={hintId}>Sesión fijada: el registro se guarda en esta sesión.</Field.HelperText>
      </Field.Root>
    )
  }
  const failed = sessions === undefined && Boolean(sessionsFailed)
  const loading = sessions === undefined && !failed
  const empty = sessions !== undefined && sessions.length === 0
  // A session just created may not be in a list fetched before it: it is still shown as chosen.
  const options = sessions ?? []
  return (
    <>
      <Field.Root invalid={Boolean(error)} disabled={disabled}>
        <Field.Label>{label}</Field.Label>
        <HStack gap="2" alignItems="stretch">
          <Box flex="1" minW="0">
            <Field.Select
              value={value === null ? '' : String(value)}
              disabled={disabled || loading || failed}
              onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
              {...tall}
            >
              <option value="">
                {failed
                  ? SESSION_SELECTOR_TEXT.failed
                  : loading
                    ? SESSION_SELECTOR_TEXT.loading
                    : empty
                      ? SESSION_SELECTOR_TEXT.empty
                      : SESSION_SELECTOR_TEXT.placeholder}
              </option>
              {options.map((session) => (
                <option key={session.id} value={String(session.id)}>
                  {session.name}
                </option>
              ))}
            </Field.Select>
          </Box>
          {onCreateSession ? (
            <Button
              variant="outline"
              size={size === 'lg' ? 'lg' : 'md'}
              disabled={disabled}
              onClick={() => setCreating(true)}
            >
              <PlusIcon aria-hidden /> {SESSION_SELECTOR_TEXT.create}
            </Button>
          ) : null}
        </HStack>
        {failed ? (
          <HStack gap="2" role="alert" textStyle="sm" color="fg.error">
            {SESSION_SELECTOR_TEXT.failed}
            {onRetrySessions ? (
              <Button variant="outline" size="xs" onClick={onRetrySessions}>
                {SESSION_SELECTOR_TEXT.retry}
              </Button>
            ) : null}
          </HStack>
        ) : null}
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      {onCreateSession ? (
        <NewSessionDialog
          open={creating}
          onOpenChange={setCreating}
          establishmentId={establishmentId}
          lockedWork={work}
          onCreate={onCreateSession}
          focusAfterCreate={focusAfterCreate}
          onCreated={(session) => {
            onChange(session.id)
            onCreated?.(session)
          }}
        />
      ) : null}
    </>
  )
}
