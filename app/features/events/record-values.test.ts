import { describe, expect, it } from 'vitest'
import { parseCreateRequest } from './events.wire'
import {
  emptyRecordValues,
  nextAnimalValues,
  parseCreate,
  parseUpdate,
  recordFieldIssue,
} from './record-values'

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

  it('says the person confirmed a repeat in the session only when they did (decision 022)', () => {
    const values = {
      ...emptyRecordValues('weighing', { id: 9, name: 'P' }),
      animal_id: animal,
      read_at: '2026-03-01 10:00:00',
      weight: 300,
    }
    const confirmed = parseCreate('weighing', values, { confirmRepeat: true })
    expect(confirmed.ok && confirmed.write.body).toMatchObject({ confirm_repeat: true, weight: 300 })
    const plain = parseCreate('weighing', values)
    expect(plain.ok && 'confirm_repeat' in plain.write.body).toBe(false)
  })

  it('sends each kind in the spec formats (yyyy-MM-dd, "null" inseminator, 0/1 ultrasound, date and time)', () => {
    const base = {
      ...emptyRecordValues('artificial-insemination', { id: 4, name: 'IATF' }),
      animal_id: animal,
    }
    expect(parseCreate('artificial-insemination', { ...base, read_at: '2026-03-01', bull_id: 2 })).toEqual({
      ok: true,
      write: {
        kind: 'artificial-insemination',
        body: {
          animal_id: animal,
          cattle_handling_id: 4,
          bull_id: 2,
          inseminator_id: 'null',
          read_at: '2026-03-01',
        },
      },
    })
    const named = parseCreate('artificial-insemination', {
      ...base,
      read_at: '2026-03-01',
      bull_id: 2,
      inseminator_id: 5,
    })
    expect(named.ok && named.write.body).toMatchObject({ inseminator_id: 5 })
    expect(
      parseCreate('pregnancy-check', {
        ...base,
        read_at: '2026-03-01',
        pregnancy_check_detailId: 1,
        is_ultrasound_scan: 1,
      }),
    ).toEqual({
      ok: true,
      write: {
        kind: 'pregnancy-check',
        body: {
          animal_id: animal,
          cattle_handling_id: 4,
          pregnancy_check_detailId: 1,
          is_ultrasound_scan: '1',
          read_at: '2026-03-01',
        },
      },
    })
    const noScan = parseCreate('pregnancy-check', {
      ...base,
      read_at: '2026-03-01',
      pregnancy_check_detailId: 1,
    })
    expect(noScan.ok && noScan.write.body).toMatchObject({ is_ultrasound_scan: '0' })
    // Pre-service: read_at as the form has it.
    const preservice = parseCreate('preservice', { ...base, read_at: '2026-03-01', ovarian_status_id: 3 })
    expect(preservice).toEqual({
      ok: true,
      write: {
        kind: 'preservice',
        body: {
          animal_id: animal,
          cattle_handling_id: 4,
          reproductive_grade_id: null,
          ovarian_status_id: 3,
          read_at: '2026-03-01',
        },
      },
    })
    const weighed = parseCreate('weighing', { ...base, read_at: '2026-03-01 08:30:00', weight: 250 })
    expect(weighed.ok && weighed.write.body).toEqual({
      animal_id: animal,
      cattle_handling_id: 4,
      weighing_time_id: null,
      weight: 250,
      read_at: '2026-03-01 08:30:00',
    })
    const undated = parseCreate('weighing', { ...base, read_at: '', weight: 250 })
    expect(undated.ok && undated.write.body.read_at).toBe('2025-01-01 00:00:00')
    expect(recordFieldIssue('artificial-insemination', 'bull_id', base)).toBe('El toro es obligatorio.')
    expect(recordFieldIssue('weighing', 'weight', { ...base, weight: Number.NaN })).toBe(
      'El peso debe ser un número.',
    )
  })

  it("sends an edit's changed fields in the same formats, on the version it read", () => {
    const values = {
      ...emptyRecordValues('artificial-insemination', { id: 4, name: 'IATF' }),
      animal_id: animal,
      read_at: '2026-03-01',
      bull_id: 2,
    }
    expect(parseUpdate('artificial-insemination', values, 3)).toEqual({
      ok: true,
      write: {
        kind: 'artificial-insemination',
        body: { bull_id: 2, inseminator_id: 'null', read_at: '2026-03-01', version: 3 },
      },
    })
    const check = parseUpdate(
      'pregnancy-check',
      { ...values, pregnancy_check_detailId: 2, is_ultrasound_scan: 0 },
      7,
    )
    expect(check.ok && check.write.body).toEqual({
      pregnancy_check_detailId: 2,
      is_ultrasound_scan: '0',
      read_at: '2026-03-01',
      version: 7,
    })
  })

  it("writes any body it accepts back the spec's way, and twice the same (the server function re-checks it)", () => {
    const sent = {
      animal_id: animal,
      cattle_handling_id: '4',
      bull_id: '2',
      inseminator_id: null,
      read_at: '2026-03-01 00:00',
    }
    const once = parseCreateRequest('artificial-insemination', sent)
    expect(once.ok && once.write.body).toEqual({
      animal_id: animal,
      cattle_handling_id: 4,
      bull_id: 2,
      inseminator_id: 'null',
      read_at: '2026-03-01',
    })
    const twice = once.ok ? parseCreateRequest('artificial-insemination', once.write.body) : once
    expect(twice).toEqual(once)
    const scan = parseCreateRequest('pregnancy-check', {
      animal_id: animal,
      cattle_handling_id: 5,
      pregnancy_check_detailId: 1,
      is_ultrasound_scan: true,
      read_at: '2026-03-01',
    })
    expect(scan.ok && scan.write.body).toMatchObject({ is_ultrasound_scan: '1' })
    const refused = parseCreateRequest('weighing', { animal_id: animal, cattle_handling_id: 4 })
    expect(refused.ok).toBe(false)
  })
})
