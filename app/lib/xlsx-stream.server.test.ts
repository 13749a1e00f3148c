import { describe, expect, it } from 'vitest'
import { read, utils } from 'xlsx'
import { exportDate } from './format'
import { type XlsxCell, xlsxStream } from './xlsx-stream.server'

async function bytesOf(stream: AsyncGenerator<Uint8Array>) {
  const parts: Uint8Array[] = []
  for await (const part of stream) parts.push(part)
  return Buffer.concat(parts)
}

async function* blocksOf(rows: XlsxCell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size)
}

describe('xlsxStream', () => {
  it('writes a workbook Excel readers open: sheet Datos, strings, numbers and real es-AR date cells', async () => {
    const rows: XlsxCell[][] = [
      ['AR-1 <&>', 412.5, exportDate('2026-08-11 10:30:00')],
      ['Ñandú "2"', null, exportDate('1999-12-31')],
      ['', 0, null],
    ]
    const bytes = await bytesOf(
      xlsxStream({ sheetName: 'Datos', headers: ['IDV', 'Peso', 'Fecha'], blocks: blocksOf(rows, 2) }),
    )
    const book = read(bytes, { cellNF: true })
    expect(book.SheetNames).toEqual(['Datos'])
    const sheet = book.Sheets.Datos
    if (!sheet) throw new Error('no sheet')
    expect(utils.sheet_to_json(sheet, { header: 1, raw: true })).toEqual([
      ['IDV', 'Peso', 'Fecha'],
      ['AR-1 <&>', 412.5, new Date('2026-08-11T00:00:00Z')],
      ['Ñandú "2"', undefined, new Date('1999-12-31T00:00:00Z')],
      [undefined, 0],
    ])
    // A date cell: a number with the day format, shown as Argentina writes it.
    expect(sheet.C2).toMatchObject({ t: 'n', v: 46245, z: 'dd/mm/yyyy', w: '11/08/2026' })
  })

  it('streams 100,000 rows in blocks', async () => {
    async function* blocks() {
      for (let b = 0; b < 50; b++)
        yield Array.from({ length: 2000 }, (_, i): XlsxCell[] => [
          `A-${b * 2000 + i}`,
          i,
          exportDate('2026-01-02'),
        ])
    }
    const started = performance.now()
    const bytes = await bytesOf(
      xlsxStream({ sheetName: 'Datos', headers: ['IDV', 'N', 'Fecha'], blocks: blocks() }),
    )
    const elapsed = performance.now() - started
    const sheet = read(bytes, { sheetRows: 0 }).Sheets.Datos
    expect(sheet?.['!ref']).toBe('A1:C100001')
    expect(elapsed).toBeLessThan(20_000)
  })
})
