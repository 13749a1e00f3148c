import { describe, expect, it } from 'vitest'
import { BULK_KINDS, kindOfUploadSegment, uploadSegment } from './bulk-upload.templates'
import { outcomeOf } from './upload-client'

describe('outcomeOf', () => {
  it('reads a success, a refusal with its rows, a plain error and anything else', () => {
    expect(outcomeOf(201, JSON.stringify({ message: 'ok', data: { created: 3, ids: [1, 2, 3] } }))).toEqual({
      ok: true,
      created: 3,
    })
    const rows = [{ row: 2, column: 'Peso', message: 'Debe ser un número' }]
    expect(outcomeOf(400, JSON.stringify({ error: 'La planilla tiene 1 error', rows, omitted: 0 }))).toEqual({
      ok: false,
      error: 'La planilla tiene 1 error',
      rows,
      omitted: 0,
    })
    expect(outcomeOf(401, JSON.stringify({ error: 'Sesión vencida' }))).toEqual({
      ok: false,
      error: 'Sesión vencida',
      rows: [],
      omitted: 0,
    })
    expect(outcomeOf(502, '<html>Bad gateway</html>')).toEqual({
      ok: false,
      error: 'Ocurrió un error inesperado',
      rows: [],
      omitted: 0,
    })
  })
})

describe('the upload endpoint’s segment', () => {
  // The kinds are event-kinds.ts's (singular); the app's own endpoint keeps its plural names.
  it('names each upload as /api/bulk-upload/{segment} always did, and reads it back', () => {
    const segments = Object.fromEntries(BULK_KINDS.map((kind) => [kind, uploadSegment(kind)]))
    expect(segments).toEqual({
      preservice: 'preservices',
      'artificial-insemination': 'artificial-inseminations',
      'pregnancy-check': 'pregnancy-checks',
      weighing: 'weighings',
      animals: 'animals',
      births: 'births',
      treatments: 'treatments',
    })
    for (const kind of BULK_KINDS) expect(kindOfUploadSegment(uploadSegment(kind))).toBe(kind)
    expect(kindOfUploadSegment('weighing')).toBeUndefined()
  })
})
