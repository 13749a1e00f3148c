import type { QueryClient } from '@tanstack/react-query'
import type { AnimalListRow } from '~/features/animals/animals.schema'
import { sessionHeadersQueryOptions } from '~/features/cattle-handling/cattle-handling.queries'
import { frameworkQueryOptions } from '~/features/establishments/establishments.queries'
import { EVENT_KIND_INFO, EVENT_KINDS } from '~/features/events/event-kinds'
import { riderFormOptionsQueryOptions } from '~/features/riders/riders.queries'
import { isElectronicTag, normalizeElectronicTag } from '~/lib/electronic-tag'
import {
  readQuery,
  readSnapshotAnimals,
  readSnapshotMeta,
  type SnapshotMeta,
  storeQuery,
  storeSnapshot,
} from './device-store'
import type { OfflineSnapshot, SnapshotAnimal } from './offline.schema'
import { SNAPSHOT_FORMAT } from './offline-snapshot'
import { registerServiceWorker } from './service-worker/register'

/**
 * The chute's device data for one establishment (decision 040): the lookup snapshot, indexed in
 * memory by visual tag and RFID so an offline scan finds its animal in microseconds, and the query
 * answers the record form needs (lookups, sessions), kept for a reload without signal.
 */
export interface ChuteOffline {
  establishmentId: number
  /** The stored snapshot's version, date and size; undefined while the device has none. */
  meta: () => SnapshotMeta | undefined
  /** The live animal a tag names in the snapshot, as the context card shows it; null when none. */
  find: (tag: string) => AnimalListRow | null
  /** Downloads the snapshot and the lookups and sessions, and stores them ('Preparar…'). */
  prepare: () => Promise<SnapshotMeta>
  /** Prepares when the device has nothing, or something older than `maxAgeMs`, and there is signal. */
  prepareIfStale: (maxAgeMs?: number) => Promise<void>
  subscribe: (listener: () => void) => () => void
  /** Asks the service worker to keep this page for a reload without signal. */
  keepThisPage: () => void
}

export const SNAPSHOT_MESSAGES = {
  failed: 'No se pudieron descargar los datos para trabajar sin conexión',
} as const

/** The snapshot is refreshed when chute mode opens and the stored one is older than this. */
const FRESH_FOR_MS = 15 * 60_000

/** The query answers the record forms read (the chute's, the riders'), kept on the device with the snapshot. */
function offlineQueries(establishmentId: number) {
  return [
    frameworkQueryOptions(establishmentId),
    riderFormOptionsQueryOptions(establishmentId),
    ...EVENT_KINDS.map((kind) => sessionHeadersQueryOptions(establishmentId, EVENT_KIND_INFO[kind].work)),
  ]
}

const opened = new Map<number, Promise<ChuteOffline>>()

/** The establishment's device data, opened once per page. */
export function chuteOffline(queryClient: QueryClient, establishmentId: number) {
  let found = opened.get(establishmentId)
  if (!found) {
    found = open(queryClient, establishmentId)
    opened.set(establishmentId, found)
  }
  return found
}

async function open(queryClient: QueryClient, establishmentId: number): Promise<ChuteOffline> {
  registerServiceWorker()
  const listeners = new Set<() => void>()
  let meta = await readSnapshotMeta(establishmentId)
  let index = buildIndex(meta, meta ? await readSnapshotAnimals(establishmentId) : [])
  // Without signal after a reload, the form's lookups and sessions come from the device.
  await Promise.all(
    offlineQueries(establishmentId).map(async (options) => {
      if (queryClient.getQueryData(options.queryKey) !== undefined) return
      const stored = await readQuery(options.queryKey)
      // Marked as old: with signal the form reads them again at once.
      if (stored !== undefined) queryClient.setQueryData(options.queryKey, stored as never, { updatedAt: 1 })
    }),
  )
  let preparing: Promise<SnapshotMeta> | undefined

  async function prepare() {
    preparing ??= (async () => {
      const response = await fetch(`/api/offline/snapshot?establishmentId=${establishmentId}`, {
        credentials: 'same-origin',
        cache: 'no-store',
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: string } | null
        throw new Error(body?.error ?? SNAPSHOT_MESSAGES.failed)
      }
      const snapshot = (await response.json()) as OfflineSnapshot
      if (snapshot.format !== SNAPSHOT_FORMAT) throw new Error(SNAPSHOT_MESSAGES.failed)
      const stored = await storeSnapshot(snapshot)
      index = buildIndex(stored, [snapshot.animals])
      meta = stored
      await Promise.all(
        offlineQueries(establishmentId).map(async (options) => {
          const data = await queryClient.fetchQuery(options as never)
          await storeQuery(options.queryKey, data)
        }),
      )
      cacheThisPage()
      for (const listener of listeners) listener()
      return stored
    })().finally(() => {
      preparing = undefined
    })
    return preparing
  }

  return {
    establishmentId,
    meta: () => meta,
    find: (tag) => index.find(tag),
    prepare,
    prepareIfStale: async (maxAgeMs = FRESH_FOR_MS) => {
      if (!navigator.onLine) return
      if (meta && Date.now() - Date.parse(meta.storedAt) < maxAgeMs) return
      await prepare()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    keepThisPage: cacheThisPage,
  }
}

/**
 * A scanned tag's animal: from the server with signal (`online`), from the device's snapshot
 * without it, or when the call fails halfway (the signal dropped). The chute's and the riders'
 * forms look animals up this way.
 */
export async function findAnimalOnOrOffline(
  offline: ChuteOffline,
  online: (tag: string) => Promise<AnimalListRow | null>,
  tag: string,
) {
  if (!navigator.onLine) return offline.find(tag)
  try {
    return await online(tag)
  } catch (error) {
    if (offline.meta()) return offline.find(tag)
    throw error
  }
}

/** Asks the service worker to keep this page (the chute's) for a reload without signal. */
function cacheThisPage() {
  void navigator.serviceWorker?.ready
    .then((registration) => registration.active?.postMessage({ type: 'CACHE_PAGE', url: location.href }))
    .catch(() => undefined)
}

/**
 * The snapshot's animals by lower-case visual tag and by RFID, and how to show one.
 *
 * Kept compact on purpose (addendum h31): 100,000 animals held as tuples are about nine heap
 * objects each (the array, its strings, its alerts array, a boxed weight), and every major garbage
 * collection marks them all — at 100,000 animals that put 100–200 ms pauses into scans (median
 * 53 ms, against 14 ms with 3,000). Here each chunk is one JSON text (an animal per line) with the
 * animals' offsets in typed arrays; the maps hold only the keys and a position. A scan parses its
 * one line (microseconds).
 */
export function buildIndex(meta: SnapshotMeta | undefined, chunks: SnapshotAnimal[][]) {
  let total = 0
  for (const chunk of chunks) total += chunk.length
  const byTag = new Map<string, number>()
  const byRfid = new Map<string, number>()
  const chunkOf = new Uint16Array(total)
  const startOf = new Int32Array(total)
  const texts: string[] = []
  let position = 0
  for (const [index, chunk] of chunks.entries()) {
    const lines: string[] = []
    let offset = 0
    for (const animal of chunk) {
      const line = JSON.stringify(animal)
      lines.push(line)
      chunkOf[position] = index
      startOf[position] = offset
      offset += line.length + 1
      byTag.set(animal[1].toLowerCase(), position)
      if (animal[2]) byRfid.set(animal[2], position)
      position++
    }
    texts.push(lines.join('\n'))
  }
  const animalAt = (at: number): SnapshotAnimal => {
    const text = texts[chunkOf[at] as number] as string
    const start = startOf[at] as number
    const end = text.indexOf('\n', start)
    return JSON.parse(end === -1 ? text.slice(start) : text.slice(start, end)) as SnapshotAnimal
  }
  const names = {
    categories: new Map(meta?.names.categories),
    rodeos: new Map(meta?.names.rodeos),
    sexes: new Map(meta?.names.sexes),
    details: new Map(meta?.names.pregnancy_check_details),
  }
  const ref = (map: Map<number, string>, id: number | null) =>
    id === null ? null : { id, description: map.get(id) ?? 'no disponible' }
  return {
    /** As the server's lookup by tag: an RFID (its 14- and 16-digit forms repaired) or a visual tag. */
    find(tag: string): AnimalListRow | null {
      const typed = tag.trim()
      if (!typed) return null
      const electronic = normalizeElectronicTag(typed)
      const at =
        (/^\d+$/.test(electronic) && isElectronicTag(electronic) ? byRfid.get(electronic) : undefined) ??
        byTag.get(typed.toLowerCase())
      return at === undefined ? null : toRow(animalAt(at))
    },
  }

  function toRow(animal: SnapshotAnimal): AnimalListRow {
    const [
      id,
      visualTag,
      electronicTag,
      category,
      rodeo,
      sex,
      weight,
      weightAt,
      detail,
      checkAt,
      checkId,
      alerts,
    ] = animal
    return {
      ...EMPTY_ROW,
      animal_id: id,
      visual_tag: visualTag,
      electronic_tag: electronicTag,
      category: ref(names.categories, category),
      rodeo: ref(names.rodeos, rodeo),
      gender: ref(names.sexes, sex),
      last_weight: weight,
      last_weight_read_at: weightAt,
      last_pregnancy_check:
        checkId === null || checkAt === null
          ? null
          : {
              id: checkId,
              description: detail === null ? null : (names.details.get(detail) ?? null),
              read_at: checkAt,
            },
      alerts: alerts.map(([alertId, description]) => ({ id: alertId, description })),
    }
  }
}

/** What the snapshot does not hold: an animal's other columns, unknown on the device. */
const EMPTY_ROW: AnimalListRow = {
  animal_id: '',
  visual_tag: '',
  electronic_tag: null,
  current_status: null,
  breed: null,
  color: null,
  check_in_type: null,
  category: null,
  rodeo: null,
  gender: null,
  birth_type: null,
  check_in_date: null,
  check_out_id: null,
  check_out_type_description: null,
  check_out_date: null,
  origin: null,
  date_of_birth: null,
  alerts: [],
  sync_at: null,
  weight_at_birth: null,
  bull_id: null,
  bull_alias: null,
  service_date: null,
  father_id: null,
  father_alias: null,
  mother_id: null,
  mother_visual_tag: null,
  donor_mother_id: null,
  last_weight_id: null,
  last_weight: null,
  last_weight_read_at: null,
  last_weighing_time: null,
  last_body_condition: null,
  last_pregnancy_check: null,
  last_preservice_id: null,
  reproductive_grade: null,
  ovarian_status: null,
  last_preservice_read_at: null,
  last_artificial_insemination: null,
  age: null,
  days_since_first_weight: null,
  days_since_previous_weight: null,
  GDPV: null,
  GDPVital: null,
}
