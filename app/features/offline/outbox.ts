import { deleteOutboxItem, type OutboxItem, putOutboxItem, readOutbox, readOutboxItem } from './device-store'
import { syncRecordFn } from './offline.functions'
import { writeOutboxCount } from './outbox-count'
import type { OutboxPayloads, OutboxRecordKind, SyncResult } from './outbox-kinds'

/**
 * The outbox of records written at the chute (decision 040). A record is stored on the device
 * first (IndexedDB: it survives reloads and a closed browser) with its own idempotency key, then
 * sent — in recording order, one at a time, across tabs (a Web Lock) — through `syncRecordFn`, the
 * same API route and rules module as an online write. A failure that may pass (no signal, the
 * server down, an answer lost halfway) keeps the record and retries it with backoff, with the same
 * key, so the server writes it once; a refusal (an animal deleted meanwhile, a closed session)
 * moves it to 'Revisar' with the server's Spanish reason, where the person retries or discards
 * it. Nothing leaves the outbox unless the server wrote it or the person discarded it.
 */

export type Outcome = 'synced' | 'review' | 'pending'

const BACKOFF_FIRST_MS = 1_000
const BACKOFF_MAX_MS = 60_000
/** Said of a record while there is no signal. */
export const OFFLINE_ERROR = 'Sin conexión'

type Listener = () => void
const listeners = new Set<Listener>()
const syncedListeners = new Set<Listener>()
const outcomeWaiters = new Map<string, Set<(outcome: Outcome) => void>>()
const settledListeners = new Set<(key: string, outcome: Outcome) => void>()
let running: Promise<void> | undefined
let again = false
let timer: ReturnType<typeof setTimeout> | undefined
let counter = 0

/** A new idempotency key: 128 random bits (crypto.randomUUID needs a secure context; this does not). */
export function newRecordKey() {
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The outbox changed (a record stored, sent, refused, discarded). */
export function subscribeOutbox(listener: Listener) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Records were written by the server: the lists behind the chute are stale (the reload flag). */
export function onRecordsSynced(listener: Listener) {
  syncedListeners.add(listener)
  return () => void syncedListeners.delete(listener)
}

export { readOutbox }

async function publish() {
  const items = await readOutbox()
  writeOutboxCount({
    pending: items.filter((item) => item.state === 'pending').length,
    review: items.filter((item) => item.state === 'review').length,
  })
  for (const listener of listeners) listener()
  return items
}

function settle(key: string, outcome: Outcome) {
  for (const resolve of outcomeWaiters.get(key) ?? []) resolve(outcome)
  outcomeWaiters.delete(key)
  for (const listener of settledListeners) listener(key, outcome)
}

/**
 * Every record's outcome as this tab's sends decide it (sent, refused, or still pending): the
 * chute's 'Últimos registrados' follows it, so a record saved as 'pendiente' does not stay so
 * after it was sent or refused.
 */
export function onRecordSettled(listener: (key: string, outcome: Outcome) => void) {
  settledListeners.add(listener)
  return () => void settledListeners.delete(listener)
}

/** Stores a record on the device and starts sending it. */
export async function enqueue<K extends OutboxRecordKind>(
  kind: K,
  payload: OutboxPayloads[K],
  about: { establishmentId: number; subject: string },
): Promise<OutboxItem> {
  const item: OutboxItem = {
    key: newRecordKey(),
    // Recording order, unique even within one millisecond.
    seq: Date.now() * 1000 + (counter++ % 1000),
    kind,
    payload,
    establishmentId: about.establishmentId,
    subject: about.subject,
    createdAt: new Date().toISOString(),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
  }
  await putOutboxItem(item)
  await publish()
  void syncNow()
  return item
}

/** How long a save with signal waits for the server before going on (the record stays queued). */
const WAIT_FOR_SERVER_MS = 4_000

/**
 * A form's save through the outbox (decision 040), the same for the chute's events and the riders'
 * calvings and treatments: the record is stored on the device, then — with signal — the save waits
 * briefly for the server, so a refusal is said at once as an online save says it (and the record
 * leaves the outbox: the person is still at the animal); without signal, or when the server is slow,
 * it is kept as pending ('pendiente') and the person goes on.
 */
export async function saveThroughOutbox<K extends OutboxRecordKind>(
  kind: K,
  payload: OutboxPayloads[K],
  about: { establishmentId: number; subject: string },
): Promise<{ ok: true; pending: boolean; key: string } | { ok: false; error: string }> {
  const item = await enqueue(kind, payload, about)
  const outcome = await waitForOutcome(item.key, navigator.onLine ? WAIT_FOR_SERVER_MS : 0)
  if (outcome === 'review') {
    const refused = await readOutboxItem(item.key)
    await discardRecord(item.key)
    return { ok: false, error: refused?.error ?? 'Error desconocido' }
  }
  return { ok: true, pending: outcome === 'pending', key: item.key }
}

/**
 * What became of a record within `ms`: sent, refused, or still pending (no signal, or slow). The
 * chute waits this long at most before going on to the next animal.
 */
export function waitForOutcome(key: string, ms: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const waiters = outcomeWaiters.get(key) ?? new Set()
    const done = (outcome: Outcome) => {
      clearTimeout(timeout)
      waiters.delete(done)
      resolve(outcome)
    }
    const timeout = setTimeout(() => done('pending'), ms)
    waiters.add(done)
    outcomeWaiters.set(key, waiters)
  })
}

/**
 * Sends the pending records, in order, until one fails in a way that may pass (then it waits its
 * backoff: later records wait behind it, so the server sees them in recording order). `now`: the
 * person asked ('Sincronizar ahora') or the signal came back, so backoffs are not waited out.
 */
export function syncNow(options: { now?: boolean } = {}): Promise<void> {
  if (options.now) forceNext = true
  if (running) {
    again = true
    return running
  }
  running = (async () => {
    do {
      again = false
      await withLock(sendPending)
    } while (again)
  })().finally(() => {
    running = undefined
  })
  return running
}
let forceNext = false

async function withLock(work: () => Promise<void>) {
  // One tab sends at a time; the others see the outbox change through the count.
  if (typeof navigator !== 'undefined' && navigator.locks)
    await navigator.locks.request('insights-outbox', work)
  else await work()
}

async function sendPending() {
  const force = forceNext
  forceNext = false
  let synced = 0
  try {
    for (;;) {
      const items = await readOutbox()
      const next = items.find((item) => item.state === 'pending')
      if (!next) break
      if (!force && next.nextAttemptAt > Date.now()) {
        schedule(next.nextAttemptAt - Date.now())
        break
      }
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        // No signal: nothing to try; the 'online' event starts the next round.
        if (next.error !== OFFLINE_ERROR) await putOutboxItem({ ...next, error: OFFLINE_ERROR })
        settle(next.key, 'pending')
        break
      }
      let result: SyncResult
      try {
        result = await syncRecordFn({ data: { key: next.key, kind: next.kind, payload: next.payload } })
      } catch {
        // The request or its answer was lost: the same key goes again, the server answers once.
        result = { ok: false, error: OFFLINE_ERROR, retry: true }
      }
      // Discarded meanwhile (another tab, the 'Revisar' list): nothing to record about it.
      if (!(await readOutboxItem(next.key))) continue
      if (result.ok) {
        await deleteOutboxItem(next.key)
        synced++
        settle(next.key, 'synced')
      } else if (!result.retry) {
        await putOutboxItem({ ...next, state: 'review', error: result.error })
        settle(next.key, 'review')
      } else {
        const attempts = next.attempts + 1
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** (attempts - 1))
        // A little jitter: devices back on signal together do not all call at once.
        const wait = delay + Math.floor(Math.random() * 250)
        await putOutboxItem({ ...next, attempts, nextAttemptAt: Date.now() + wait, error: result.error })
        settle(next.key, 'pending')
        schedule(wait)
        await publish()
        break
      }
      await publish()
    }
  } finally {
    if (synced > 0) for (const listener of syncedListeners) listener()
  }
}

function schedule(ms: number) {
  if (timer) clearTimeout(timer)
  timer = setTimeout(() => {
    timer = undefined
    void syncNow()
  }, ms)
}

/** 'Reintentar' in 'Revisar': the record goes back to the queue, in its place, with its key. */
export async function retryRecord(key: string) {
  const item = await readOutboxItem(key)
  if (!item) return
  await putOutboxItem({ ...item, state: 'pending', attempts: 0, nextAttemptAt: 0, error: undefined })
  await publish()
  await syncNow({ now: true })
}

/**
 * 'Corregir' in 'Revisar': the record with other data (another animal). Another request, so a
 * new key: the old one named what the server refused.
 */
export async function correctRecord(key: string, change: { payload: unknown; subject: string }) {
  const item = await readOutboxItem(key)
  if (!item) return
  await deleteOutboxItem(key)
  await putOutboxItem({
    ...item,
    ...change,
    key: newRecordKey(),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: undefined,
  })
  await publish()
  await syncNow({ now: true })
}

/** 'Descartar' in 'Revisar' (confirmed by the person): the only way a record leaves unsent. */
export async function discardRecord(key: string) {
  await deleteOutboxItem(key)
  settle(key, 'review')
  await publish()
}

let started = false

/**
 * Keeps the outbox moving while a page of the app is open: at once, when the signal comes back,
 * and when the page is shown again. Idempotent.
 */
export function startAutoSync() {
  if (started || typeof window === 'undefined') return
  started = true
  window.addEventListener('online', () => void syncNow({ now: true }))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow()
  })
  void publish().then(() => syncNow())
}
