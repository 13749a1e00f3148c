/**
 * Test support: spreadsheets made the way users make them, from the downloadable template (its
 * example rows replaced by the test's rows), and hand-built zip archives for the safety tests.
 */
import { crc32, deflateRawSync } from 'node:zlib'
import * as XLSX from 'xlsx'
import { createTestApi } from '~/api/testing.server'
import type { DatabaseEngine, DB } from '~/db/database.server'
import { ensureLookups, lookupId } from '~/db/lookups.server'
import type { CattleHandlingWork } from '~/db/schema'
import type { BulkUploadError } from './bulk-upload.schema'
import type { BulkKind } from './bulk-upload.templates'
import { buildTemplate, TEMPLATE_SHEET, XLSX_MIME } from './template-workbook.server'

export type TestCell = string | number | boolean | Date | null

/**
 * The template of `kind` with its example rows replaced by `rows` (in the template's column order
 * unless `headers` replaces the header row). Dates become real date cells, as Excel stores them.
 */
export function fillTemplate(kind: BulkKind, rows: TestCell[][], options: { headers?: string[] } = {}) {
  const workbook = XLSX.read(buildTemplate(kind), { type: 'array' })
  const sheet = workbook.Sheets[TEMPLATE_SHEET]
  if (!sheet) throw new Error('la plantilla no tiene la hoja Datos')
  const header = options.headers ?? XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 })[0] ?? []
  const filled = XLSX.utils.aoa_to_sheet(
    [header, ...rows.map((r) => r.map((v) => (v === null ? undefined : v)))],
    {
      cellDates: false,
      dateNF: 'dd/mm/yyyy',
    },
  )
  workbook.Sheets[TEMPLATE_SHEET] = filled
  const bytes: ArrayBuffer = XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true })
  return new Uint8Array(bytes)
}

export function xlsxFile(bytes: Uint8Array, name = 'planilla.xlsx') {
  return new File([bytes.slice().buffer], name, { type: XLSX_MIME })
}

interface ZipEntry {
  name: string
  data: Uint8Array
  /** Write this uncompressed size in the central directory instead of the real one. */
  declaredSize?: number
}

/** A zip archive written by hand: deflated entries, local headers, central directory, end record. */
export function makeZip(entries: ZipEntry[]) {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const compressed = deflateRawSync(entry.data)
    const crc = crc32(entry.data)
    const size = entry.declaredSize ?? entry.data.length
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(compressed.length, 18)
    local.writeUInt32LE(Math.min(size, 0xffffffff), 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(compressed.length, 20)
    central.writeUInt32LE(Math.min(size, 0xffffffff), 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, compressed)
    centrals.push(central, name)
    offset += local.length + name.length + compressed.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return new Uint8Array(Buffer.concat([...locals, directory, end]))
}

/** The multipart body of an upload, as the panel sends it. */
export function uploadForm(file: File | undefined, fields: Record<string, string> = {}) {
  const form = new FormData()
  if (file) form.set('file', file)
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return form
}

/** Tag of the n-th test animal: 032000000000001… (15 digits, a leading zero Excel likes to drop). */
export const testElectronicTag = (n: number) => `032000000000${String(n).padStart(3, '0')}`

/**
 * An establishment ready for uploads: lookups, two rodeos, bulls, inseminators, a session of each
 * work type (and one dated in the future), 20 cows V-001… with electronic tags 1…20, 5 bulls
 * T-001… (males, tags 101…), a deleted cow DEL-1, and in establishment B an animal B-001 (tag 900).
 */
export async function seedUploadFixtures(db: DB, eidA: number, eidB: number) {
  const lookups = await ensureLookups(db)
  const id = (table: Parameters<typeof lookupId>[1], description: string) =>
    lookupId(lookups, table, description)
  await db
    .insertInto('rodeos')
    .values([
      { establishment_id: eidA, description: 'General' },
      { establishment_id: eidA, description: 'Recría' },
      { establishment_id: eidB, description: 'General' },
    ])
    .execute()
  const bulls = await db
    .insertInto('bulls')
    .values([
      { establishment_id: eidA, alias: 'Toro 1' },
      { establishment_id: eidA, alias: 'Angus Max' },
      { establishment_id: eidB, alias: 'Toro B' },
    ])
    .returning(['id', 'alias'])
    .execute()
  const inseminators = await db
    .insertInto('inseminators')
    .values([
      { establishment_id: eidA, first_name: 'Juan', last_name: 'Pérez' },
      { establishment_id: eidA, first_name: 'Juan', last_name: 'Gómez' },
      { establishment_id: eidA, first_name: 'María', last_name: 'López' },
    ])
    .returning(['id', 'first_name', 'last_name'])
    .execute()
  const session = async (eid: number, work: CattleHandlingWork, name: string, date = '2025-03-01 00:00:00') =>
    (
      await db
        .insertInto('cattle_handlings')
        .values({ establishment_id: eid, name, activity_date: date, cattle_handling_work: work })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const sessions = {
    weighing: await session(eidA, 7, 'Pesada marzo'),
    insemination: await session(eidA, 1, 'IATF marzo'),
    pregnancy: await session(eidA, 2, 'Tacto marzo'),
    preservice: await session(eidA, 3, 'Preservicio marzo'),
    futurePregnancy: await session(eidA, 2, 'Tacto futuro', '2049-12-01 00:00:00'),
    weighingB: await session(eidB, 7, 'Pesada B'),
  }
  const animal = (eid: number, tag: string, n: number, category: 'Vaca' | 'Toro') => ({
    establishment_id: eid,
    visual_tag: tag,
    electronic_tag: testElectronicTag(n),
    animal_type_id: id('animal_types', category),
    sex_id: id('sexes', category === 'Vaca' ? 'Hembra' : 'Macho'),
  })
  const cows = Array.from({ length: 20 }, (_, i) =>
    animal(eidA, `V-${String(i + 1).padStart(3, '0')}`, i + 1, 'Vaca'),
  )
  const males = Array.from({ length: 5 }, (_, i) =>
    animal(eidA, `T-${String(i + 1).padStart(3, '0')}`, 101 + i, 'Toro'),
  )
  const inserted = await db
    .insertInto('animals')
    .values([...cows, ...males, animal(eidA, 'DEL-1', 800, 'Vaca'), animal(eidB, 'B-001', 900, 'Vaca')])
    .returning(['id', 'visual_tag'])
    .execute()
  await db.updateTable('animals').set({ deleted_at: new Date() }).where('visual_tag', '=', 'DEL-1').execute()
  const animals = new Map(inserted.map((a) => [a.visual_tag, a.id]))
  return {
    lookups,
    id,
    sessions,
    bulls: new Map(bulls.map((b) => [b.alias, b.id])),
    inseminators: new Map(inseminators.map((i) => [`${i.first_name} ${i.last_name}`, i.id])),
    animalId: (tag: string) => {
      const found = animals.get(tag)
      if (!found) throw new Error(`no hay animal ${tag}`)
      return found
    },
  }
}

/** The test API with the upload fixtures and a token for each kind of user. */
export async function createUploadTestApi(engine: DatabaseEngine) {
  const t = await createTestApi(engine)
  const eidA = t.establishments.a.id
  const eidB = t.establishments.b.id
  const f = await seedUploadFixtures(t.db, eidA, eidB)
  const tokens = {
    admin: await t.tokenFor('admin@test.local'),
    member: await t.tokenFor('member@test.local'),
    outsider: await t.tokenFor('outsider@test.local'),
    root: await t.tokenFor('root@test.local'),
  }
  return { t, f, eidA, eidB, tokens }
}

/** The message reported at a row and column of a refused upload. */
export function problemAt(body: BulkUploadError, row: number, column: string) {
  return body.rows.find((p) => p.row === row && p.column === column)?.message
}

/** A sheet as a user types it: a header row of their own and rows (not a Masivo template). */
export function fillRows(header: string[], rows: TestCell[][]) {
  const sheet = XLSX.utils.aoa_to_sheet([
    header,
    ...rows.map((r) => r.map((v) => (v === null ? undefined : v))),
  ])
  const workbook = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(workbook, sheet, 'Hoja1')
  const bytes: ArrayBuffer = XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true })
  return new Uint8Array(bytes)
}
