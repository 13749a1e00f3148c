import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type EventHerd, type LookupContext, readDate, validateEventRows } from './bulk-upload.rules'
import { normalizeHeader, normalizeValue } from './bulk-upload.templates'
import type { Cell } from './read-sheet.server'
import { templatesMarkdown } from './template-docs'

const TODAY = '2026-03-01'
const text = (v: string): Cell => ({ t: 's', v })
/** A sheet row's cells, in the weighing template's order. */
const cells = (...values: Cell[]) => values

describe('readDate', () => {
  it('reads DD/MM/AAAA text, with or without time, and spreadsheet dates', () => {
    expect(readDate({ t: 's', v: '15/03/2025' }, false, TODAY)).toEqual({
      ok: true,
      value: '2025-03-15 00:00:00',
    })
    expect(readDate({ t: 's', v: '5/3/2025' }, false, TODAY)).toEqual({
      ok: true,
      value: '2025-03-05 00:00:00',
    })
    expect(readDate({ t: 's', v: '15-03-2025 8:05' }, true, TODAY)).toEqual({
      ok: true,
      value: '2025-03-15 08:05:00',
    })
    // Without time the hour of a spreadsheet date is dropped.
    expect(readDate({ t: 'd', v: '2025-03-15 08:30:00' }, false, TODAY)).toEqual({
      ok: true,
      value: '2025-03-15 00:00:00',
    })
    expect(readDate({ t: 'd', v: '2025-03-15 08:30:00' }, true, TODAY)).toEqual({
      ok: true,
      value: '2025-03-15 08:30:00',
    })
  })

  it('refuses impossible dates, other formats, plain numbers, the future and before 1900', () => {
    const invalid = { ok: false, message: 'Fecha inválida: use DD/MM/AAAA' }
    expect(readDate({ t: 's', v: '31/02/2025' }, false, TODAY)).toEqual(invalid)
    expect(readDate({ t: 's', v: '2025-03-15' }, false, TODAY)).toEqual(invalid)
    expect(readDate({ t: 's', v: '15/03/2025 25:00' }, true, TODAY)).toEqual(invalid)
    // A serial number without a date format is not taken for a date: 2025 would be 1905-07-17.
    expect(readDate({ t: 'n', v: 2025 }, false, TODAY)).toEqual(invalid)
    expect(readDate({ t: 's', v: '02/03/2026' }, false, TODAY)).toEqual({
      ok: false,
      message: 'La fecha no puede ser futura',
    })
    expect(readDate({ t: 's', v: '01/03/2026' }, false, TODAY).ok).toBe(true)
    expect(readDate({ t: 's', v: '31/12/1899' }, false, TODAY)).toEqual({
      ok: false,
      message: 'La fecha no puede ser anterior al 01/01/1900',
    })
  })
})

describe('matching names', () => {
  it('ignores case, accents, spacing and punctuation in headers, and case, accents and spacing in values', () => {
    expect(normalizeHeader('  Ecografía (Sí/No) ')).toBe(normalizeHeader('ecografia si no'))
    expect(normalizeHeader('Momento de pesada')).toBe('momentodepesada')
    expect(normalizeValue('  VAQ  1 serv ')).toBe(normalizeValue('Vaq 1 serv'))
    expect(normalizeValue('Embrion')).toBe(normalizeValue('Embrión'))
  })
})

describe('validateEventRows', () => {
  const context: LookupContext = {
    general: { weighing_times: new Map([['destete', { id: 2, description: 'Destete' }]]) },
    rodeos: new Map(),
    bulls: new Map(),
    inseminators: new Map(),
    riders: new Map(),
    today: TODAY,
  }
  const cow = { id: 'c1', visualTag: 'V-1', electronicTag: '032000000000001', sex: 'Hembra' as const }
  const herd: EventHerd = {
    byVisualTag: new Map([['v-1', cow]]),
    byElectronicTag: new Map([['032000000000001', cow]]),
    inSession: new Set(),
  }
  const session = { id: 1, activityDate: '2026-02-01 00:00:00' }
  const headers = ['IDV', 'IDE', 'Fecha', 'Peso', 'Momento de pesada']

  it('reads a weighing by the repaired electronic tag, with a decimal comma and the spec default date', () => {
    const rows = [
      {
        row: 2,
        cells: cells(null, { t: 'n', v: 32000000000001 }, null, text('352,5'), text('DESTETE')),
      },
    ]
    expect(validateEventRows('weighing', rows, headers, context, herd, session)).toEqual({
      problems: [],
      records: [
        {
          row: 2,
          animalId: 'c1',
          readAt: '2025-01-01 00:00:00',
          fields: { weight: 352.5, weighingTimeId: 2 },
        },
      ],
    })
  })

  it('reports a spreadsheet error in a cell', () => {
    const rows = [{ row: 4, cells: cells(text('V-1'), null, null, { t: 'e', v: '#N/A' }, null) }]
    expect(validateEventRows('weighing', rows, headers, context, herd, session).problems).toEqual([
      { row: 4, column: 'Peso', message: 'La celda tiene un error de Excel (#N/A)' },
    ])
  })

  it("reports under the file's own header text", () => {
    const rows = [{ row: 2, cells: cells(text('V-1'), null, null, text('x'), null) }]
    const own = ['Caravana', 'RFID', 'Fecha', 'Peso (kg)', 'Momento']
    expect(validateEventRows('weighing', rows, own, context, herd, session).problems).toEqual([
      { row: 2, column: 'Peso (kg)', message: 'Debe ser un número' },
    ])
  })
})

describe('docs/bulk-upload-templates.md', () => {
  it('is the one the template definitions generate (npx tsx scripts/bulk-upload-docs.ts)', () => {
    const file = readFileSync(
      path.resolve(import.meta.dirname, '../../../docs/bulk-upload-templates.md'),
      'utf8',
    )
    expect(file).toBe(templatesMarkdown())
  })
})
