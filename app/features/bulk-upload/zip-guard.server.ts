/**
 * An .xlsx file is a zip archive. Before anything inflates it, this reads only its central directory
 * (the index at the end of the archive) and refuses what a spreadsheet never is: another format, a
 * damaged archive, or a "zip bomb" that declares gigabytes of content in a few kilobytes. It costs a
 * scan of the index, microseconds, whatever the archive claims to hold.
 *
 * A bomb that lies in its central directory (declares small sizes, inflates huge) gets past this
 * check; the parsing worker's memory limit and time limit are the second line (sheet-worker.server.ts).
 */

/** Limits far above any real workbook: a 20,000-row, 20-column sheet inflates to about 15 MB. */
export const ZIP_LIMITS = {
  maxEntries: 1_000,
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  maxEntryUncompressedBytes: 150 * 1024 * 1024,
  /** Deflate rarely beats 100:1 on spreadsheet XML; bombs reach 1000:1 and more. */
  maxRatio: 500,
  /** Small entries may compress extremely well (a sheet of blank styled rows): not worth refusing. */
  ratioCheckFromBytes: 10 * 1024 * 1024,
} as const

export type ZipInspection =
  | { ok: true; entries: number; uncompressedBytes: number; names: string[] }
  | { ok: false; reason: 'notZip' | 'notXlsx' | 'corrupt' | 'tooLarge' }

const SIG = {
  centralHeader: 0x02014b50,
  endOfCentralDir: 0x06054b50,
  zip64Locator: 0x07064b50,
  zip64End: 0x06064b50,
} as const
const EOCD_SIZE = 22
const MAX_COMMENT = 0xffff
const U16_MAX = 0xffff
const U32_MAX = 0xffffffff

/** `PK\x03\x04`: the first local file header of a zip archive (every xlsx starts with it). */
export function hasZipMagic(bytes: Uint8Array) {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

export function inspectZip(bytes: Uint8Array): ZipInspection {
  if (!hasZipMagic(bytes)) return { ok: false, reason: 'notZip' }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u16 = (at: number) => view.getUint16(at, true)
  const u32 = (at: number) => view.getUint32(at, true)
  const u64 = (at: number) => Number(view.getBigUint64(at, true))
  const fits = (at: number, length: number) => at >= 0 && at + length <= bytes.length

  // The end-of-central-directory record is the last 22 bytes plus a comment of up to 64 KB.
  let eocd = -1
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - MAX_COMMENT)
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    if (u32(at) === SIG.endOfCentralDir) {
      eocd = at
      break
    }
  }
  if (eocd < 0) return { ok: false, reason: 'corrupt' }

  let entries = u16(eocd + 10)
  let directorySize = u32(eocd + 12)
  let directoryOffset = u32(eocd + 16)
  if (entries === U16_MAX || directorySize === U32_MAX || directoryOffset === U32_MAX) {
    // Zip64: the real figures are in the zip64 end record, found through its locator.
    const locator = eocd - 20
    if (!fits(locator, 20) || u32(locator) !== SIG.zip64Locator) return { ok: false, reason: 'corrupt' }
    const end = u64(locator + 8)
    if (!fits(end, 56) || u32(end) !== SIG.zip64End) return { ok: false, reason: 'corrupt' }
    entries = u64(end + 32)
    directorySize = u64(end + 40)
    directoryOffset = u64(end + 48)
  }
  if (entries > ZIP_LIMITS.maxEntries) return { ok: false, reason: 'tooLarge' }
  if (!fits(directoryOffset, directorySize)) return { ok: false, reason: 'corrupt' }

  let at = directoryOffset
  let total = 0
  const names: string[] = []
  const decoder = new TextDecoder()
  for (let i = 0; i < entries; i++) {
    if (!fits(at, 46) || u32(at) !== SIG.centralHeader) return { ok: false, reason: 'corrupt' }
    let compressed = u32(at + 20)
    let uncompressed = u32(at + 24)
    const nameLength = u16(at + 28)
    const extraLength = u16(at + 30)
    const commentLength = u16(at + 32)
    if (!fits(at + 46, nameLength + extraLength + commentLength)) return { ok: false, reason: 'corrupt' }
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)))
    if (uncompressed === U32_MAX || compressed === U32_MAX) {
      // The zip64 extra field holds the 8-byte sizes, uncompressed first, each only if flagged.
      const sizes = zip64Sizes(
        view,
        at + 46 + nameLength,
        extraLength,
        uncompressed === U32_MAX,
        compressed === U32_MAX,
      )
      if (!sizes) return { ok: false, reason: 'corrupt' }
      uncompressed = sizes.uncompressed ?? uncompressed
      compressed = sizes.compressed ?? compressed
    }
    if (uncompressed > ZIP_LIMITS.maxEntryUncompressedBytes) return { ok: false, reason: 'tooLarge' }
    if (
      uncompressed >= ZIP_LIMITS.ratioCheckFromBytes &&
      uncompressed > Math.max(1, compressed) * ZIP_LIMITS.maxRatio
    ) {
      return { ok: false, reason: 'tooLarge' }
    }
    total += uncompressed
    if (total > ZIP_LIMITS.maxTotalUncompressedBytes) return { ok: false, reason: 'tooLarge' }
    at += 46 + nameLength + extraLength + commentLength
  }
  // A zip that is not a workbook (a .docx, an .ods, a zipped folder) is "not an xlsx".
  const lower = new Set(names.map((n) => n.toLowerCase()))
  if (!lower.has('[content_types].xml') || !lower.has('xl/workbook.xml'))
    return { ok: false, reason: 'notXlsx' }
  return { ok: true, entries, uncompressedBytes: total, names }
}

function zip64Sizes(
  view: DataView,
  start: number,
  length: number,
  wantUncompressed: boolean,
  wantCompressed: boolean,
) {
  let at = start
  const end = start + length
  while (at + 4 <= end) {
    const id = view.getUint16(at, true)
    const size = view.getUint16(at + 2, true)
    if (at + 4 + size > end) return undefined
    if (id === 0x0001) {
      let field = at + 4
      const read = () => {
        if (field + 8 > at + 4 + size) return undefined
        const value = Number(view.getBigUint64(field, true))
        field += 8
        return value
      }
      const uncompressed = wantUncompressed ? read() : undefined
      const compressed = wantCompressed ? read() : undefined
      if ((wantUncompressed && uncompressed === undefined) || (wantCompressed && compressed === undefined)) {
        return undefined
      }
      return { uncompressed, compressed }
    }
    at += 4 + size
  }
  return undefined
}
