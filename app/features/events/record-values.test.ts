import { describe, expect, it } from 'vitest'
import { emptyRecordValues, nextAnimalValues, parseCreate, recordFieldIssue } from './record-values'

const animal = '6f1c1d2e-0000-4000-8000-000000000001'

describe('record form values', () => {
  it('keeps the session, the date and the shared fields for the next animal at the chute', () => {
    const filled = {
      ...emptyRecordValues('artificial-insemination', { id: 4, name: 'IATF' }),
      animal_id: animal,
      read_at: '2026-03-01',
      bull_id: 2,
      inseminator_id: 5,
    }
    expect(nextAnimalValues('artificial-insemination', filled)).toMatchObject({
      animal_id: '',
      cattle_handling_id: 4,
      read_at: '2026-03-01',
      bull_id: 2,
      inseminator_id: 5,
    })
    const weighed = {
      ...emptyRecordValues('weighing', { id: 9, name: 'P' }),
      weight: 300,
      weighing_time_id: 3,
    }
    expect(nextAnimalValues('weighing', weighed)).toMatchObject({
      weight: null,
      weighing_time_id: 3,
      cattle_handling_id: 9,
    })
  })

  it('sends each kind in the spec formats (yyyy-MM-dd, "null" inseminator, 0/1 ultrasound, date and time)', () => {
    const base = {
      ...emptyRecordValues('artificial-insemination', { id: 4, name: 'IATF' }),
      animal_id: animal,
    }
    const ai = parseCreate('artificial-insemination', { ...base, read_at: '2026-03-01', bull_id: 2 })
    expect(ai).toEqual({
      ok: true,
      write: {
        kind: 'artificial-insemination',
        body: {
          animal_id: animal,
          cattle_handling_id: 4,
          bull_id: 2,
          inseminator_id: null,
          read_at: '2026-03-01 00:00:00',
        },
      },
    })
    const pc = parseCreate('pregnancy-check', {
      ...base,
      read_at: '2026-03-01',
      pregnancy_check_detailId: 1,
      is_ultrasound_scan: 1,
    })
    expect(pc.ok && pc.write.body).toMatchObject({ is_ultrasound_scan: true, pregnancy_check_detailId: 1 })
    const weighing = parseCreate('weighing', { ...base, read_at: '', weight: 250 })
    expect(weighing.ok && weighing.write.body.read_at).toBe('2025-01-01 00:00:00')
    expect(recordFieldIssue('artificial-insemination', 'bull_id', base)).toBe('El toro es obligatorio.')
    expect(recordFieldIssue('weighing', 'weight', { ...base, weight: Number.NaN })).toBe(
      'El peso debe ser un número.',
    )
  })
})
