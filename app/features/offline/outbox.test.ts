import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OutboxItem } from './device-store'
import type { SyncResult } from './outbox-kinds'

/**
 * The outbox's queue logic (decision 040) over an in-memory device store and a scripted server:
 * the hand-off between `enqueue` and a send already running, a lost answer resent with the same
 * key, and a refusal kept in 'Revisar'. IndexedDB and the server function are replaced here; the
 * browser journeys (tests/e2e/offline-chute.test.ts) run the real ones.
 */

const store = new Map<string, OutboxItem>()
const server = vi.hoisted(() => ({ send: vi.fn() }))

vi.mock('./device-store', () => ({
  putOutboxItem: async (item: OutboxItem) => void store.set(item.key, structuredClone(item)),
  deleteOutboxItem: async (key: string) => void store.delete(key),
  readOutbox: async () =>
    [...store.values()].sort((a, b) => a.seq - b.seq).map((item) => structuredClone(item)),
  readOutboxItem: async (key: string) => {
    const item = store.get(key)
    return item && structuredClone(item)
  },
}))
vi.mock('./offline.functions', () => ({
  syncRecordFn: (request: { data: { key: string; payload: unknown } }) => server.send(request.data),
}))
vi.mock('./outbox-count', () => ({ writeOutboxCount: () => undefined }))

const { enqueue, onRecordSettled, saveThroughOutbox, syncNow } = await import('./outbox')
const { OUTBOX_KINDS } = await import('./outbox-kinds')

const about = { establishmentId: 1, subject: '' }
const weighing = (tag: string) =>
  ({ establishmentId: 1, kind: 'weighing', body: { tag } }) as unknown as Parameters<
    typeof enqueue<'event'>
  >[1]
const tagOf = (data: { payload: unknown }) => (data.payload as { body: { tag: string } }).body.tag

/** The rows a server would hold: one per key, whatever the resends. */
let rows: Map<string, string>

beforeEach(() => {
  store.clear()
  rows = new Map()
  server.send.mockReset()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('outbox', () => {
  it('sends a record stored while an earlier one is on its way, in recording order', async () => {
    let answerFirst: (result: SyncResult) => void = () => undefined
    server.send.mockImplementationOnce(
      (data: { key: string; payload: unknown }) =>
        new Promise<SyncResult>((resolve) => {
          rows.set(data.key, tagOf(data))
          answerFirst = resolve
        }),
    )
    server.send.mockImplementation(async (data: { key: string; payload: unknown }) => {
      rows.set(data.key, tagOf(data))
      return { ok: true }
    })
    await enqueue('event', weighing('A'), about)
    await vi.waitFor(() => expect(server.send).toHaveBeenCalledTimes(1))
    // The second record arrives while the first one's answer is awaited.
    await enqueue('event', weighing('B'), about)
    answerFirst({ ok: true })
    await syncNow()
    expect(server.send.mock.calls.map(([data]) => tagOf(data))).toEqual(['A', 'B'])
    expect([...rows.values()]).toEqual(['A', 'B'])
    expect(store.size).toBe(0)
  })

  it('resends a record whose answer was lost with the same key, then sends the next one', async () => {
    vi.useFakeTimers()
    let lost = false
    server.send.mockImplementation(async (data: { key: string; payload: unknown }) => {
      rows.set(data.key, tagOf(data))
      if (!lost) {
        lost = true
        throw new TypeError('Failed to fetch')
      }
      return { ok: true }
    })
    await enqueue('event', weighing('A'), about)
    await enqueue('event', weighing('B'), about)
    await syncNow()
    // The first waits its backoff (about 1 s); the second waits behind it.
    expect(store.size).toBe(2)
    await vi.advanceTimersByTimeAsync(2_000)
    await syncNow()
    const keys = server.send.mock.calls.map(([data]) => (data as { key: string }).key)
    expect(keys[0]).toBe(keys[1])
    expect([...rows.values()].sort()).toEqual(['A', 'B'])
    expect(store.size).toBe(0)
  })

  it('keeps a refused record in Revisar with the reason, after sending the one before it', async () => {
    server.send.mockImplementation(async (data: { key: string; payload: unknown }) => {
      if (tagOf(data) === 'B') return { ok: false, error: 'El animal no existe', retry: false }
      rows.set(data.key, tagOf(data))
      return { ok: true }
    })
    await enqueue('event', weighing('A'), about)
    await enqueue('event', weighing('B'), about)
    await syncNow()
    expect([...rows.values()]).toEqual(['A'])
    const left = [...store.values()]
    expect(left).toHaveLength(1)
    expect(left[0]).toMatchObject({ state: 'review', error: 'El animal no existe' })
  })

  it('tells the chute what became of each record it listed as pending', async () => {
    server.send.mockImplementation(async (data: { key: string; payload: unknown }) =>
      tagOf(data) === 'B' ? { ok: false, error: 'El animal no existe', retry: false } : { ok: true },
    )
    const heard: [string, string][] = []
    const stop = onRecordSettled((key, outcome) => heard.push([key, outcome]))
    const first = await enqueue('event', weighing('A'), about)
    const second = await enqueue('event', weighing('B'), about)
    await syncNow()
    stop()
    expect(heard).toContainEqual([first.key, 'synced'])
    expect(heard).toContainEqual([second.key, 'review'])
  })
})

describe('calvings and treatments from Recorredores (addendum h31)', () => {
  const calving = {
    establishmentId: 1,
    body: { mother_id: 'm-1', read_at: '2025-09-10', sex_id: 1, calf_visual_tag: 'T-1' },
  }
  const treatment = {
    establishmentId: 1,
    body: { animal_ids: ['a-1', 'a-2'], read_at: '2025-09-10', treatment_id: 3 },
  }
  const TOO_SOON =
    'La madre V-1 tiene otro parto el 01/09/2024, a 242 días: entre dos partos deben pasar al menos 280 días'

  it('keeps a calving and a treatment saved without signal as pending, then sends them in order once', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    const sent: { key: string; kind: string }[] = []
    server.send.mockImplementation(async (data: { key: string; kind: string }) => {
      sent.push({ key: data.key, kind: data.kind })
      return { ok: true }
    })
    const birth = await saveThroughOutbox('birth', calving as never, { establishmentId: 1, subject: 'V-1' })
    const treated = await saveThroughOutbox('treatment', treatment as never, about)
    expect(birth).toMatchObject({ ok: true, pending: true })
    expect(treated).toMatchObject({ ok: true, pending: true })
    expect(server.send).not.toHaveBeenCalled()
    expect([...store.values()].map((item) => [item.kind, item.state, item.subject])).toEqual([
      ['birth', 'pending', 'V-1'],
      ['treatment', 'pending', ''],
    ])
    vi.stubGlobal('navigator', { onLine: true })
    await syncNow({ now: true })
    expect(sent.map((each) => each.kind)).toEqual(['birth', 'treatment'])
    expect(store.size).toBe(0)
  })

  it('keeps a calving the server refuses later in Revisar with its Spanish reason', async () => {
    vi.stubGlobal('navigator', { onLine: false })
    server.send.mockResolvedValue({ ok: false, error: TOO_SOON, retry: false })
    await saveThroughOutbox('birth', calving as never, { establishmentId: 1, subject: 'V-1' })
    vi.stubGlobal('navigator', { onLine: true })
    await syncNow({ now: true })
    expect([...store.values()]).toEqual([
      expect.objectContaining({ kind: 'birth', state: 'review', error: TOO_SOON }),
    ])
  })

  it('says a refusal at once when the server answers while the person waits, and keeps nothing', async () => {
    vi.stubGlobal('navigator', { onLine: true })
    server.send.mockResolvedValue({ ok: false, error: 'El animal V-2 ya no está en el rodeo', retry: false })
    const saved = await saveThroughOutbox('treatment', treatment as never, about)
    expect(saved).toEqual({ ok: false, error: 'El animal V-2 ya no está en el rodeo' })
    expect(store.size).toBe(0)
  })

  it('describes them in the lists', () => {
    expect(OUTBOX_KINDS.birth.label(calving as never)).toBe('Parto')
    expect(OUTBOX_KINDS.birth.detail(calving as never)).toBe('ternero T-1')
    expect(
      OUTBOX_KINDS.birth.detail({ ...calving, body: { ...calving.body, tag_pending: true } } as never),
    ).toBe('ternero pendiente de caravana')
    expect(OUTBOX_KINDS.treatment.label(treatment as never)).toBe('Tratamiento')
    expect(OUTBOX_KINDS.treatment.detail(treatment as never)).toBe('2 animales')
    expect(OUTBOX_KINDS.treatment.animal(treatment as never)).toBe('a-1')
  })
})
