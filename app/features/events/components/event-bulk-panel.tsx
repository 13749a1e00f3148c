import { useState } from 'react'
import type { UserRoles } from '~/features/auth/auth.schema'
import { canBulkCreate } from '~/features/auth/roles'
import { TEMPLATES } from '~/features/bulk-upload/bulk-upload.templates'
import { BulkUploadForm, BulkUploadPanel } from '~/features/bulk-upload/components/bulk-upload-panel'
import type { BulkSender } from '~/features/bulk-upload/upload-client'
import type { SessionHeader } from '~/features/cattle-handling/cattle-handling.schema'
import { SessionSelector } from '~/features/cattle-handling/components/session-selector'
import { EVENT_KIND_INFO, type EventKind } from '../event-kinds'
import type { MangaPageProps } from './manga-page'

export interface EventBulkPanelProps {
  kind: EventKind
  establishmentId: number
  /** The session the record dialog fixed (a table showing one session): shown read-only, used as is. */
  fixedSession?: SessionHeader
  /** How the file is sent (tests, stories); by default to the local upload route. */
  send?: BulkSender
}

/** A record form's 'Masivo' tab: the spreadsheet upload of its kind, into a session of its type. */
export function EventBulkPanel({ kind, establishmentId, fixedSession, send }: EventBulkPanelProps) {
  const [sessionId, setSessionId] = useState<number | null>(fixedSession?.id ?? null)
  return (
    <BulkUploadForm
      kind={kind}
      title={TEMPLATES[kind].title}
      establishmentId={establishmentId}
      sessionId={sessionId}
      send={send}
      sessionSlot={
        <SessionSelector
          establishmentId={establishmentId}
          work={EVENT_KIND_INFO[kind].work}
          value={sessionId}
          onChange={setSessionId}
          fixed={fixedSession}
        />
      }
    />
  )
}

/**
 * The Manga page's 'Masivo' panels (the record dialogs' tab, 'Agregar nuevo animal' → 'Masivo'):
 * for those who may bulk-create only (spec section 6, `canBulkCreate`; the provider checks again).
 */
export function mangaBulkPanels(
  establishmentId: number,
  roles: UserRoles | undefined,
): Pick<MangaPageProps<EventKind>, 'renderEventBulkPanel' | 'renderAnimalBulkPanel'> {
  if (!canBulkCreate(roles)) return {}
  return {
    renderEventBulkPanel: (kind, fixedSession) => (
      <EventBulkPanel kind={kind} establishmentId={establishmentId} fixedSession={fixedSession} />
    ),
    renderAnimalBulkPanel: (panel) => (
      <BulkUploadPanel kind="animals" establishmentId={establishmentId} {...panel} />
    ),
  }
}
