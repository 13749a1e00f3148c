/**
 * How many records the device holds unsent, mirrored in localStorage by the outbox (outbox.ts) so
 * the header can show 'N registros sin sincronizar' on every page without loading IndexedDB code:
 * this module is all the shell carries (decision 040). Other tabs hear of changes through the
 * 'storage' event, this one through OUTBOX_COUNT_EVENT.
 */

export const OUTBOX_COUNT_KEY = 'insights.outbox'
export const OUTBOX_COUNT_EVENT = 'insights:outbox'

export interface OutboxCount {
  /** Waiting to be sent. */
  pending: number
  /** Refused by the server, waiting in 'Revisar'. */
  review: number
}

const NONE: OutboxCount = { pending: 0, review: 0 }
let last: { raw: string | null; value: OutboxCount } = { raw: null, value: NONE }

export function readOutboxCount(): OutboxCount {
  if (typeof localStorage === 'undefined') return NONE
  const raw = localStorage.getItem(OUTBOX_COUNT_KEY)
  // The same object for the same text: useSyncExternalStore compares snapshots by identity.
  if (raw === last.raw) return last.value
  let value = NONE
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<OutboxCount>) : {}
    value = { pending: Number(parsed.pending) || 0, review: Number(parsed.review) || 0 }
  } catch {
    // A damaged value counts as none; the outbox writes it again on its next change.
  }
  last = { raw, value }
  return value
}

export function writeOutboxCount(count: OutboxCount) {
  localStorage.setItem(OUTBOX_COUNT_KEY, JSON.stringify(count))
  window.dispatchEvent(new Event(OUTBOX_COUNT_EVENT))
}

export function subscribeOutboxCount(listener: () => void) {
  const onStorage = (event: StorageEvent) => event.key === OUTBOX_COUNT_KEY && listener()
  window.addEventListener('storage', onStorage)
  window.addEventListener(OUTBOX_COUNT_EVENT, listener)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(OUTBOX_COUNT_EVENT, listener)
  }
}

/** The badge's words: '1 registro sin sincronizar', '30 registros sin sincronizar'. */
export function unsyncedLabel(count: number) {
  return count === 1 ? '1 registro sin sincronizar' : `${count} registros sin sincronizar`
}

/** A moment of this device ('2026-11-25T16:50:00Z') as its clock shows it: '25/11/2026 13:50'. */
export function deviceTime(iso: string) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`
}
