import { useState } from 'react'
import { BulkUploadForm } from '~/features/bulk-upload/components/bulk-upload-panel'
import type { BulkSender } from '~/features/bulk-upload/upload-client'
import type { SessionHeader } from '~/features/cattle-handling/cattle-handling.schema'
import { SessionSelector } from '~/features/cattle-handling/components/session-selector'
import { EVENT_KIND_INFO, type EventKind } from '../event-kinds'

/** The bulk upload kind (issue 8) of each record form. */
const BULK_KIND = {
  'artificial-insemination': 'artificial-inseminations',
  'pregnancy-check': 'pregnancy-checks',
  preservice: 'preservices',
  weighing: 'weighings',
} as const satisfies Record<EventKind, string>

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
      kind={BULK_KIND[kind]}
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
