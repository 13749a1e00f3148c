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

const { enqueue, onRecordSettled, syncNow } = await import('./outbox')

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
