import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb'
import type { OfflineSnapshot, SnapshotAnimal } from './offline.schema'
import type { OutboxRecordKind } from './outbox-kinds'

/**
 * What the chute keeps on the device (issue 23, decision 040), in IndexedDB through `idb`: the
 * establishment's lookup snapshot (in chunks of animals: 20 puts instead of 100,000), the query
 * answers the record form needs offline (lookups, sessions), and the outbox of records to send.
 * Browser only; loaded with the chute's offline code, never with the shell.
 */

export const DEVICE_DB_NAME = 'insights-offline'

/** One record waiting to be sent (or refused, waiting in 'Revisar'). */
export interface OutboxItem {
  /** The record's idempotency key: sent as `Idempotency-Key`, so a resend never writes twice. */
  key: string
  /** Order of recording: records are sent in this order. */
  seq: number
  kind: OutboxRecordKind
  payload: unknown
  establishmentId: number
  /** The animal's tag, as the lists show it. */
  subject: string
  createdAt: string
  state: 'pending' | 'review'
  attempts: number
  /** Epoch ms before which a retry waits (backoff). */
  nextAttemptAt: number
  /** Why the server refused it (state 'review'), or the last transient failure. */
  error?: string
}

export interface SnapshotMeta {
  establishmentId: number
  version: string
  generatedAt: string
  /** When this device stored it. */
  storedAt: string
  count: number
  chunks: number
  names: OfflineSnapshot['names']
}

interface DeviceSchema extends DBSchema {
  outbox: { key: string; value: OutboxItem; indexes: { seq: number } }
  snapshotMeta: { key: number; value: SnapshotMeta }
  snapshotChunks: {
    key: [number, number]
    value: { establishmentId: number; index: number; animals: SnapshotAnimal[] }
  }
  /** Query answers kept for offline use, by their query key (JSON). */
  queries: { key: string; value: { key: string; data: unknown; storedAt: string } }
}

const CHUNK_SIZE = 5_000

let opened: Promise<IDBPDatabase<DeviceSchema>> | undefined

export function deviceDb() {
  opened ??= openDB<DeviceSchema>(DEVICE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('seq', 'seq')
      db.createObjectStore('snapshotMeta', { keyPath: 'establishmentId' })
      db.createObjectStore('snapshotChunks', { keyPath: ['establishmentId', 'index'] })
      db.createObjectStore('queries', { keyPath: 'key' })
    },
    // Another tab upgrading (a new deployment's schema) must not wait on this one.
    blocking() {
      void opened?.then((db) => db.close())
      opened = undefined
    },
  })
  return opened
}

// --- Snapshot ---------------------------------------------------------------------------------------

/** Replaces the establishment's snapshot in one transaction: a device never holds half of one. */
export async function storeSnapshot(snapshot: OfflineSnapshot) {
  const db = await deviceDb()
  const tx = db.transaction(['snapshotMeta', 'snapshotChunks'], 'readwrite')
  const chunks = tx.objectStore('snapshotChunks')
  const id = snapshot.establishment_id
  await chunks.delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]))
  const count = Math.ceil(snapshot.animals.length / CHUNK_SIZE)
  for (let index = 0; index < count; index++)
    void chunks.put({
      establishmentId: id,
      index,
      animals: snapshot.animals.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE),
    })
  const meta: SnapshotMeta = {
    establishmentId: id,
    version: snapshot.version,
    generatedAt: snapshot.generated_at,
    storedAt: new Date().toISOString(),
    count: snapshot.animals.length,
    chunks: count,
    names: snapshot.names,
  }
  void tx.objectStore('snapshotMeta').put(meta)
  await tx.done
  return meta
}

export async function readSnapshotMeta(establishmentId: number) {
  return (await deviceDb()).get('snapshotMeta', establishmentId)
}

/** Every animal of the establishment's stored snapshot, chunk by chunk. */
export async function readSnapshotAnimals(establishmentId: number): Promise<SnapshotAnimal[][]> {
  const db = await deviceDb()
  const rows = await db.getAll(
    'snapshotChunks',
    IDBKeyRange.bound([establishmentId, 0], [establishmentId, Number.MAX_SAFE_INTEGER]),
  )
  return rows.map((row) => row.animals)
}

// --- Query answers ----------------------------------------------------------------------------------

export async function storeQuery(key: readonly unknown[], data: unknown) {
  await (await deviceDb()).put('queries', {
    key: JSON.stringify(key),
    data,
    storedAt: new Date().toISOString(),
  })
}

export async function readQuery(key: readonly unknown[]) {
  return (await (await deviceDb()).get('queries', JSON.stringify(key)))?.data
}

// --- Outbox -----------------------------------------------------------------------------------------

export async function putOutboxItem(item: OutboxItem) {
  await (await deviceDb()).put('outbox', item)
}

export async function deleteOutboxItem(key: string) {
  await (await deviceDb()).delete('outbox', key)
}

/** Every record in the outbox, in recording order. */
export async function readOutbox(): Promise<OutboxItem[]> {
  return (await deviceDb()).getAllFromIndex('outbox', 'seq')
}

export async function readOutboxItem(key: string) {
  return (await deviceDb()).get('outbox', key)
}

/** Sign-out: nothing of this user stays on the device. */
export async function deleteDeviceData() {
  const db = await opened?.catch(() => undefined)
  db?.close()
  opened = undefined
  await deleteDB(DEVICE_DB_NAME)
}
