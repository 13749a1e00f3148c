import { describe, expect, it, vi } from 'vitest'
import type { SnapshotMeta } from './device-store'
import type { SnapshotAnimal } from './offline.schema'

// The index is pure; the module's other imports (IndexedDB, the service worker) are not used here.
vi.mock('./device-store', () => ({}))
vi.mock('./service-worker/register', () => ({ registerServiceWorker: () => undefined }))
const { buildIndex } = await import('./chute-offline')

const meta = {
  names: {
    categories: [[1, 'Vaca']],
    rodeos: [[7, 'Cría']],
    sexes: [[2, 'Hembra']],
    pregnancy_check_details: [[3, 'Preñada']],
  },
} as unknown as SnapshotMeta

const animal = (n: number, change: Partial<Record<number, unknown>> = {}): SnapshotAnimal => {
  const row: SnapshotAnimal = [
    `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    `V-${n}`,
    null,
    1,
    7,
    2,
    350.5,
    '2025-06-01 08:00:00',
    3,
    '2025-05-01',
    90 + n,
    [],
  ]
  for (const [i, value] of Object.entries(change)) (row as unknown[])[Number(i)] = value
  return row
}

/** The chute's in-memory lookup over the device's snapshot (decision 040, addendum h31). */
describe('snapshot index', () => {
  const chunks = [
    [animal(1), animal(2, { 2: '982000123456789', 11: [[5, 'Retiro: Antibiótico hasta 10/12/2026']] })],
    [animal(3, { 1: 'Ñandú "7"' }), animal(4, { 6: null, 7: null, 10: null, 8: null, 9: null })],
  ]
  const index = buildIndex(meta, chunks)

  it('finds an animal of any chunk by visual tag, whatever its case, with its names', () => {
    expect(index.find(' v-1 ')).toMatchObject({
      animal_id: chunks[0]?.[0]?.[0],
      visual_tag: 'V-1',
      category: { id: 1, description: 'Vaca' },
      rodeo: { id: 7, description: 'Cría' },
      gender: { id: 2, description: 'Hembra' },
      last_weight: 350.5,
      last_pregnancy_check: { id: 91, description: 'Preñada', read_at: '2025-05-01' },
    })
    expect(index.find('ñandú "7"')?.visual_tag).toBe('Ñandú "7"')
    expect(index.find('V-4')).toMatchObject({ last_weight: null, last_pregnancy_check: null })
  })

  it('finds by RFID, with its active alerts, and answers null for an unknown tag', () => {
    expect(index.find('982000123456789')).toMatchObject({
      visual_tag: 'V-2',
      alerts: [{ id: 5, description: 'Retiro: Antibiótico hasta 10/12/2026' }],
    })
    expect(index.find('V-99')).toBeNull()
    expect(index.find('  ')).toBeNull()
  })
})
