import { constants, crc32, deflateRawSync } from 'node:zlib'
import { EXPORT_DATE_FORMAT } from './format'

/**
 * A one-sheet xlsx written as a stream, for exports of any size (docs/decisions/016).
 *
 * SheetJS builds the whole workbook in memory and then compresses it in one blocking call: 100,000
 * rows × 20 columns take about 10 s of a server's only thread. This writes the sheet's XML a block of
 * rows at a time, deflates each block on its own (sync-flushed, so the blocks join into one valid
 * deflate stream) and hands it on, so memory stays at one block and other requests run between
 * blocks. Strings are inline (no shared-strings table to hold), dates are real date cells with the
 * es-AR day format, numbers are numbers.
 */

export type XlsxCell = string | number | Date | null | undefined

const encoder = new TextEncoder()

/** Control characters other than tab and newlines are not allowed in XML 1.0: they are dropped. */
function isXmlChar(code: number) {
  return code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
}

function escapeXml(text: string) {
  let clean = text
  for (let i = 0; i < text.length; i++) {
    if (!isXmlChar(text.charCodeAt(i))) {
      clean = Array.from(text)
        .filter((char) => isXmlChar(char.charCodeAt(0)))
        .join('')
      break
    }
  }
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Days since 1899-12-30 of a date's calendar day (its local date, as `exportDate` makes it). */
function excelSerial(date: Date) {
  return (Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) - Date.UTC(1899, 11, 30)) / 86_400_000
}

function columnName(index: number) {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  return name
}

function rowXml(rowNumber: number, cells: readonly XlsxCell[], columns: readonly string[]) {
  let xml = `<row r="${rowNumber}">`
  cells.forEach((value, i) => {
    const ref = `${columns[i]}${rowNumber}`
    if (value === null || value === undefined || value === '') return
    if (value instanceof Date) {
      if (!Number.isNaN(value.getTime())) xml += `<c r="${ref}" s="1"><v>${excelSerial(value)}</v></c>`
    } else if (typeof value === 'number') {
      if (Number.isFinite(value)) xml += `<c r="${ref}"><v>${value}</v></c>`
    } else {
      xml += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`
    }
  })
  return `${xml}</row>`
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

function staticParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="${EXPORT_DATE_FORMAT}"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    ],
  ]
}

/** One zip entry being written: its deflated size, plain size and CRC-32 grow block by block. */
interface Entry {
  name: Uint8Array
  offset: number
  crc: number
  compressed: number
  size: number
}

const DOS_TIME = 0
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1
// Bit 3: sizes and CRC follow the data (streamed); bit 11: names are UTF-8.
const FLAGS = 0x0808

function localHeader(entry: Entry) {
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(20, 4)
  header.writeUInt16LE(FLAGS, 6)
  header.writeUInt16LE(8, 8)
  header.writeUInt16LE(DOS_TIME, 10)
  header.writeUInt16LE(DOS_DATE, 12)
  header.writeUInt16LE(entry.name.length, 26)
  return Buffer.concat([header, entry.name])
}

function dataDescriptor(entry: Entry) {
  const descriptor = Buffer.alloc(16)
  descriptor.writeUInt32LE(0x08074b50, 0)
  descriptor.writeUInt32LE(entry.crc >>> 0, 4)
  descriptor.writeUInt32LE(entry.compressed, 8)
  descriptor.writeUInt32LE(entry.size, 12)
  return descriptor
}

function centralDirectory(entries: Entry[], offset: number) {
  const records = entries.map((entry) => {
    const record = Buffer.alloc(46)
    record.writeUInt32LE(0x02014b50, 0)
    record.writeUInt16LE(20, 4)
    record.writeUInt16LE(20, 6)
    record.writeUInt16LE(FLAGS, 8)
    record.writeUInt16LE(8, 10)
    record.writeUInt16LE(DOS_TIME, 12)
    record.writeUInt16LE(DOS_DATE, 14)
    record.writeUInt32LE(entry.crc >>> 0, 16)
    record.writeUInt32LE(entry.compressed, 20)
    record.writeUInt32LE(entry.size, 24)
    record.writeUInt16LE(entry.name.length, 28)
    record.writeUInt32LE(entry.offset, 42)
    return Buffer.concat([record, entry.name])
  })
  const body = Buffer.concat(records)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(body.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([body, end])
}

/**
 * The xlsx bytes of a header row and the row blocks `blocks` yields (each block an array of rows),
 * as they are written. Pull it with `for await` or wrap it in a ReadableStream.
 */
export async function* xlsxStream(options: {
  sheetName: string
  headers: readonly string[]
  blocks: AsyncIterable<readonly (readonly XlsxCell[])[]>
}): AsyncGenerator<Uint8Array> {
  const entries: Entry[] = []
  let offset = 0
  const columns = options.headers.map((_, i) => columnName(i))

  function* writeEntry(name: string, chunks: Iterable<string>): Generator<Uint8Array> {
    const entry: Entry = { name: encoder.encode(name), offset, crc: 0, compressed: 0, size: 0 }
    entries.push(entry)
    const header = localHeader(entry)
    offset += header.length
    yield header
    for (const text of chunks) yield* deflateChunk(entry, text)
    yield* finishEntry(entry)
  }
  function* deflateChunk(entry: Entry, text: string): Generator<Uint8Array> {
    const plain = encoder.encode(text)
    entry.crc = crc32(plain, entry.crc)
    entry.size += plain.length
    const deflated = deflateRawSync(plain, { finishFlush: constants.Z_SYNC_FLUSH })
    entry.compressed += deflated.length
    offset += deflated.length
    yield deflated
  }
  function* finishEntry(entry: Entry): Generator<Uint8Array> {
    // The final (empty) deflate block closes the stream of sync-flushed blocks.
    const last = deflateRawSync(new Uint8Array(0))
    entry.compressed += last.length
    const descriptor = dataDescriptor(entry)
    offset += last.length + descriptor.length
    yield last
    yield descriptor
  }

  for (const [name, xml] of staticParts(options.sheetName)) yield* writeEntry(name, [xml])

  // The sheet: streamed block by block.
  const sheet: Entry = {
    name: encoder.encode('xl/worksheets/sheet1.xml'),
    offset,
    crc: 0,
    compressed: 0,
    size: 0,
  }
  entries.push(sheet)
  const header = localHeader(sheet)
  offset += header.length
  yield header
  yield* deflateChunk(
    sheet,
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}"><sheetData>${rowXml(1, options.headers, columns)}`,
  )
  let rowNumber = 1
  for await (const block of options.blocks) {
    let xml = ''
    for (const row of block) xml += rowXml(++rowNumber, row, columns)
    if (xml) yield* deflateChunk(sheet, xml)
  }
  yield* deflateChunk(sheet, '</sheetData></worksheet>')
  yield* finishEntry(sheet)

  yield centralDirectory(entries, offset)
}

/** The stream as a web ReadableStream (a Response body). */
export function xlsxReadableStream(source: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await source.next()
        if (done) controller.close()
        else controller.enqueue(value)
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await source.return(undefined)
    },
  })
}
