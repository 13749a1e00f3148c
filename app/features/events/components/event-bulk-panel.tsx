import { type ReactNode, useState } from 'react'
import { TEMPLATES } from '~/features/bulk-upload/bulk-upload.templates'
import { BulkUploadForm } from '~/features/bulk-upload/components/bulk-upload-panel'
import { SessionSelector } from '~/features/cattle-handling/components/session-selector'
import { EVENT_KIND_INFO, type EventKind } from '../event-kinds'

/** The bulk upload kind (issue 8) of each record form. */
const BULK_KIND = {
  'artificial-insemination': 'artificial-inseminations',
  'pregnancy-check': 'pregnancy-checks',
  preservice: 'preservices',
  weighing: 'weighings',
} as const satisfies Record<EventKind, string>

/** A record form's 'Masivo' tab: the spreadsheet upload of its kind, into a session of its type. */
export function EventBulkPanel({ kind, establishmentId }: { kind: EventKind; establishmentId: number }) {
  const [sessionId, setSessionId] = useState<number | null>(null)
  return (
    <BulkUploadForm
      kind={BULK_KIND[kind]}
      title={TEMPLATES[BULK_KIND[kind]].title}
      establishmentId={establishmentId}
      sessionId={sessionId}
      sessionSlot={
        <SessionSelector
          establishmentId={establishmentId}
          work={EVENT_KIND_INFO[kind].work}
          value={sessionId}
          onChange={setSessionId}
        />
      }
    />
  )
}

/** The 'Masivo' tabs of the four record forms (spec section 6: for admins only; the page decides). */
export function eventBulkPanels(establishmentId: number): Record<EventKind, ReactNode> {
  const panel = (kind: EventKind) => <EventBulkPanel kind={kind} establishmentId={establishmentId} />
  return {
    'artificial-insemination': panel('artificial-insemination'),
    'pregnancy-check': panel('pregnancy-check'),
    preservice: panel('preservice'),
    weighing: panel('weighing'),
  }
}
