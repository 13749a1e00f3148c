import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { BULK_KINDS } from './bulk-upload.templates'
import { buildTemplate } from './template-workbook.server'
import { makeZip } from './testing.server'
import { hasZipMagic, inspectZip, ZIP_LIMITS } from './zip-guard.server'

const workbookEntries = () => [
  { name: '[Content_Types].xml', data: new TextEncoder().encode('<Types/>') },
  { name: 'xl/workbook.xml', data: new TextEncoder().encode('<workbook/>') },
]

describe('inspectZip', () => {
  it('accepts every generated template', () => {
    for (const kind of BULK_KINDS) {
      const result = inspectZip(buildTemplate(kind))
      expect(result.ok, kind).toBe(true)
    }
  })

  it('refuses what does not start like a zip (a renamed text or .xls file)', () => {
    expect(hasZipMagic(new TextEncoder().encode('IDV;Peso\n'))).toBe(false)
    expect(inspectZip(new TextEncoder().encode('IDV;Peso\n'))).toEqual({ ok: false, reason: 'notZip' })
    // The old binary .xls (and encrypted .xlsx) is a compound file: D0 CF 11 E0.
    expect(inspectZip(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toEqual({
      ok: false,
      reason: 'notZip',
    })
  })

  it('refuses a zip that is not a workbook', () => {
    const docx = makeZip([
      { name: '[Content_Types].xml', data: new Uint8Array(8) },
      { name: 'word/document.xml', data: new Uint8Array(8) },
    ])
    expect(inspectZip(docx)).toEqual({ ok: false, reason: 'notXlsx' })
  })

  it('refuses a truncated archive', () => {
    expect(inspectZip(buildTemplate('weighing').slice(0, 1000))).toEqual({ ok: false, reason: 'corrupt' })
  })

  it('refuses huge declared sizes and extreme ratios from the central directory alone, in microseconds', () => {
    const declared = makeZip([
      ...workbookEntries(),
      { name: 'xl/a.xml', data: new Uint8Array(100), declaredSize: 3e9 },
    ])
    const ratio = makeZip([
      ...workbookEntries(),
      { name: 'xl/a.xml', data: new Uint8Array(30 * 1024 * 1024) },
    ])
    const many = makeZip([
      ...workbookEntries(),
      ...Array.from({ length: ZIP_LIMITS.maxEntries }, (_, i) => ({
        name: `xl/${i}.xml`,
        data: new Uint8Array(1),
      })),
    ])
    for (const bytes of [declared, ratio, many]) {
      const started = performance.now()
      expect(inspectZip(bytes)).toEqual({ ok: false, reason: 'tooLarge' })
      expect(performance.now() - started).toBeLessThan(50)
    }
  })

  it('refuses the sum of many entries each under the limits', () => {
    const size = ZIP_LIMITS.maxEntryUncompressedBytes
    // Incompressible content, so that no single entry trips the ratio check.
    const entries = [0, 1].map((i) => ({
      name: `xl/${i}.xml`,
      data: randomBytes(400 * 1024),
      declaredSize: size,
    }))
    expect(inspectZip(makeZip([...workbookEntries(), ...entries]))).toEqual({ ok: false, reason: 'tooLarge' })
  })
})
