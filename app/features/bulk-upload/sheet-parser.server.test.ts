import { describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { BULK_KINDS, MAX_ROWS, TEMPLATES } from './bulk-upload.templates'
import { parseSheet } from './sheet-parser.server'
import { buildTemplate, INSTRUCTIONS_SHEET, TEMPLATE_SHEET } from './template-workbook.server'

/** An .xlsx with the given sheets (the first one is read). */
function workbook(sheets: Record<string, XLSX.WorkSheet>) {
  const book = XLSX.utils.book_new()
  for (const [name, sheet] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, sheet, name)
  const bytes: ArrayBuffer = XLSX.write(book, { type: 'array', bookType: 'xlsx' })
  return new Uint8Array(bytes)
}

describe('parseSheet (SheetJS in a worker thread)', () => {
  it('reads every generated template: its headers match its columns, its two example rows are read', async () => {
    for (const kind of BULK_KINDS) {
      const bytes = buildTemplate(kind)
      const book = XLSX.read(bytes, { type: 'array' })
      expect(book.SheetNames).toEqual([TEMPLATE_SHEET, INSTRUCTIONS_SHEET])
      const result = await parseSheet(bytes, kind)
      expect(result.ok, kind).toBe(true)
      if (!result.ok) continue
      expect(result.headers).toEqual(TEMPLATES[kind].columns.map((c) => c.header))
      expect(result.rows.map((r) => r.row)).toEqual([2, 3])
      // Tag columns are text cells: the electronic tag keeps its leading zero.
      const ide = TEMPLATES[kind].columns.findIndex((c) => c.key === 'electronicTag')
      // The births template has only the calf's RFID, blank in its examples.
      if (kind !== 'births') expect(result.rows[0]?.cells[ide]).toEqual({ t: 's', v: '032000000000001' })
    }
  })

  it('reads the first sheet only, finds the header below title rows and skips blank rows', async () => {
    const data = XLSX.utils.aoa_to_sheet([
      ['Pesada del 15 de marzo'],
      [],
      ['IDV', 'Peso'],
      ['A-1', 300],
      [],
      [null, null],
      ['A-2', 310],
    ])
    const other = XLSX.utils.aoa_to_sheet([
      ['IDV', 'Peso'],
      ['Z-9', 999],
    ])
    const result = await parseSheet(workbook({ Hoja1: data, Otra: other }), 'weighing')
    // The title is taken for a header: the file must start with the header row.
    expect(result.ok).toBe(false)
    const clean = XLSX.utils.aoa_to_sheet([[], ['IDV', 'Peso'], ['A-1', 300], [], ['A-2', 310]])
    const read = await parseSheet(workbook({ Hoja1: clean, Otra: other }), 'weighing')
    expect(read).toMatchObject({
      ok: true,
      headerRow: 2,
      rows: [
        { row: 3, cells: [{ t: 's', v: 'A-1' }, null, null, { t: 'n', v: 300 }, null] },
        { row: 5, cells: [{ t: 's', v: 'A-2' }, null, null, { t: 'n', v: 310 }, null] },
      ],
    })
  })

  it('reads the value a formula saved, never the formula, and spreadsheet dates without time zones', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['IDV', 'Peso', 'Fecha']])
    sheet.A2 = { t: 's', v: 'A-1' }
    sheet.B2 = { t: 'n', v: 321, f: 'SUM(300,21)' }
    sheet.C2 = { t: 'n', v: 45731.5, z: 'dd/mm/yyyy hh:mm' }
    sheet.A3 = { t: 's', v: 'A-2' }
    // A formula saved without its value (a program that does not compute formulas): an error cell,
    // which the rules report, rather than a value this server would have to compute.
    sheet.B3 = { t: 'n', f: 'HOY()' }
    sheet['!ref'] = 'A1:C3'
    const result = await parseSheet(workbook({ Datos: sheet }), 'weighing')
    expect(result).toMatchObject({
      ok: true,
      rows: [
        {
          row: 2,
          cells: [{ t: 's', v: 'A-1' }, null, { t: 'd', v: '2025-03-15 12:00:00' }, { t: 'n', v: 321 }, null],
        },
        {
          row: 3,
          cells: [{ t: 's', v: 'A-2' }, null, null, { t: 'e', v: expect.stringMatching(/^#/) }, null],
        },
      ],
    })
  })

  it(`refuses more than ${MAX_ROWS.toLocaleString('es-AR')} rows`, async () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => [`A-${i}`, 300])
    const result = await parseSheet(
      workbook({ Datos: XLSX.utils.aoa_to_sheet([['IDV', 'Peso'], ...rows]) }),
      'weighing',
    )
    expect(result).toEqual({
      ok: false,
      error: 'La planilla tiene 20.001 filas: el máximo es 20.000. Divídala en varios archivos.',
      problems: [],
    })
    const longer = [...rows, ...Array.from({ length: 100 }, (_, i) => [`B-${i}`, 300])]
    const cut = await parseSheet(
      workbook({ Datos: XLSX.utils.aoa_to_sheet([['IDV', 'Peso'], ...longer]) }),
      'weighing',
    )
    expect(cut).toEqual({
      ok: false,
      error: 'La planilla tiene más de 20.000 filas: divídala en varios archivos.',
      problems: [],
    })
  })

  it('reports a damaged file instead of crashing', async () => {
    const bytes = buildTemplate('weighing')
    bytes.fill(0, 200, 1200)
    const result = await parseSheet(bytes, 'weighing')
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^No se pudo leer la planilla/) })
  })

  it('keeps the event loop free while a big file is read', async () => {
    const rows = Array.from({ length: MAX_ROWS }, (_, i) => [
      `A-${i}`,
      `0320000000${String(i).padStart(5, '0')}`,
      '15/03/2025',
      300 + (i % 50),
      'Destete',
    ])
    const bytes = workbook({
      Datos: XLSX.utils.aoa_to_sheet([['IDV', 'IDE', 'Fecha', 'Peso', 'Momento de pesada'], ...rows]),
    })
    let ticks = 0
    let longestGap = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
      ticks++
    }, 5)
    const started = performance.now()
    const result = await parseSheet(bytes, 'weighing')
    const elapsed = performance.now() - started
    clearInterval(timer)
    expect(result.ok).toBe(true)
    // The main thread kept ticking during the read; only the grid's matching runs on it.
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4)
    expect(longestGap).toBeLessThan(Math.max(150, elapsed / 2))
  })
})
