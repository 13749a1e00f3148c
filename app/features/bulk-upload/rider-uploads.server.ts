/**
 * The riders' uploads (decision 036): births and treatments from a spreadsheet, all rows or none in
 * one transaction. The facts the rules need are loaded for the whole file at once (the mothers and
 * their calvings, the tags in use, the treated animals), locked for the write; the rows are judged
 * by rider-uploads.rules.ts; the records are written by the riders' own inserts (`insertBirth`,
 * `insertTreatments`), the ones the single API uses, so a calving creates its calf and a treatment
 * its withdrawal alert exactly as the forms do.
 */
import { sql } from 'kysely'
import type { DB } from '~/db/database.server'
import { analyzeAfterBulkWrite } from '~/db/upkeep.server'
import { hasLeftHerd } from '~/features/animals/departure'
import { type BirthSource, insertBirth } from '~/features/riders/births.server'
import type { RiderAnimal } from '~/features/riders/rider-facts.server'
import { insertTreatments } from '~/features/riders/treatments.server'
import { isDomainError } from '~/lib/domain-errors'
import { type LookupContext, tagsOfRows, type Validated } from './bulk-upload.rules'
import {
  failWithProblems,
  loadLookupContext,
  loadTaggedAnimals,
  type ParsedUpload,
  problemsError,
  recordUpload,
} from './bulk-upload.server'
import { type ColumnKey, TEMPLATES } from './bulk-upload.templates'
import {
  type BirthHerd,
  type BirthRecord,
  validateBirthRows,
  validateTreatmentRows,
} from './rider-uploads.rules'

export interface RiderUploadInput {
  establishmentId: number
  userId: number
  fileName: string
  upload: ParsedUpload
  now?: Date
}

/** The columns a single API's field is reported under when its insert refuses a row. */
const BIRTH_COLUMN_OF_FIELD: Record<string, ColumnKey> = {
  visual_tag: 'calfTag',
  calf_visual_tag: 'calfTag',
  electronic_tag: 'calfElectronicTag',
  calf_electronic_tag: 'calfElectronicTag',
  sex_id: 'sex',
  mother_id: 'motherTag',
}

/**
 * The mothers a file names and the tags in use, locked until the upload ends (a death or another
 * birth of the same cow waits). Each mother as the riders' write needs her (`RiderAnimal`).
 */
async function loadBirthHerd(db: DB, establishmentId: number, upload: ParsedUpload) {
  const columns = TEMPLATES.births.columns
  const mothers = tagsOfRows(upload.rows, columns, ['motherTag'])
  const calves = tagsOfRows(upload.rows, columns, ['calfTag'])
  const calfElectronic = tagsOfRows(upload.rows, columns, ['calfElectronicTag'])
  const { rows } = await sql<
    RiderAnimal & { calvings: string[] | null; same_establishment: boolean; electronic_tag: string | null }
  >`
    select a.id, a.visual_tag, a.electronic_tag, s.description as sex, t.description as category,
      a.date_of_birth, cot.description as check_out_type, a.check_out_date, a.rodeo_id, a.breed_id,
      a.color_id, a.establishment_id = ${establishmentId} as same_establishment,
      (select array_agg(to_char(b.read_at, 'YYYY-MM-DD')) from births b where b.mother_id = a.id) as calvings
    from animals a
      left join sexes s on s.id = a.sex_id
      left join animal_types t on t.id = a.animal_type_id
      left join check_out_types cot on cot.id = a.check_out_type_id
    where a.deleted_at is null and (
      (a.establishment_id = ${establishmentId}
        and lower(a.visual_tag) = any(${[...mothers.visual, ...calves.visual]}::text[]))
      or a.electronic_tag = any(${calfElectronic.electronic}::text[])
    )
    for no key update of a
  `.execute(db)
  const herd: BirthHerd = { mothers: new Map(), visualTags: new Set(), electronicTags: new Set() }
  const animals = new Map<string, RiderAnimal>()
  const motherTags = new Set(mothers.visual)
  for (const row of rows) {
    if (row.electronic_tag) herd.electronicTags.add(row.electronic_tag)
    if (!row.same_establishment) continue
    const key = row.visual_tag.toLowerCase()
    herd.visualTags.add(key)
    if (!motherTags.has(key)) continue
    animals.set(row.id, row)
    herd.mothers.set(key, {
      id: row.id,
      visualTag: row.visual_tag,
      sex: row.sex,
      category: row.category,
      departed: hasLeftHerd(row),
      dateOfBirth: row.date_of_birth,
      calvings: row.calvings ?? [],
    })
  }
  return { herd, animals }
}

/**
 * A refusal of the shared insert (a tag taken by a concurrent write, an animal rule) reported under
 * its row, so the answer has the upload's shape: nothing of the file was written.
 */
function asRowProblem(error: unknown, row: number, headers: readonly string[]) {
  if (!isDomainError(error) || error.options.rows) return error
  const { columns } = TEMPLATES.births
  const key = error.field === undefined ? undefined : BIRTH_COLUMN_OF_FIELD[error.field]
  const index = key ? columns.findIndex((c) => c.key === key) : -1
  const column = index >= 0 ? (headers[index] ?? columns[index]?.header ?? '') : ''
  return problemsError([{ row, column, message: error.message }])
}

/**
 * The skeleton both uploads share: in one transaction, the lookups, the kind's facts and row rules
 * (`validate`), the upload's audit row, then the kind's writes; any problem rolls everything back.
 */
async function writeRiderUpload<R>(
  db: DB,
  kind: 'births' | 'treatments',
  input: RiderUploadInput,
  steps: {
    validate: (trx: DB, context: LookupContext) => Promise<Validated<R>>
    write: (trx: DB, records: R[], uploadId: number, context: LookupContext) => Promise<number[]>
  },
) {
  const { establishmentId, userId } = input
  const written = await db.transaction().execute(async (trx) => {
    const context = await loadLookupContext(trx, establishmentId, kind, input.now ?? new Date())
    const { records, problems } = await steps.validate(trx, context)
    if (problems.length > 0) failWithProblems(problems)
    const uploadId = await recordUpload(trx, {
      action: kind === 'births' ? 'birth_bulk_upload' : 'treatment_bulk_upload',
      entity: 'establishment',
      entityId: establishmentId,
      establishmentId,
      userId,
      fileName: input.fileName,
      created: records.length,
    })
    const ids = await steps.write(trx, records, uploadId, context)
    return { created: ids.length, ids }
  })
  await analyzeAfterBulkWrite(db, kind === 'births' ? ['animals', 'births'] : ['animal_treatments', 'alerts'])
  return written
}

/** Validates and writes the births of a parsed file in one transaction: all of them (and their calves), or none. */
export function writeBirthUpload(db: DB, input: RiderUploadInput) {
  const { establishmentId, userId, upload } = input
  let animals = new Map<string, RiderAnimal>()
  return writeRiderUpload(db, 'births', input, {
    validate: async (trx, context) => {
      const loaded = await loadBirthHerd(trx, establishmentId, upload)
      animals = loaded.animals
      return validateBirthRows(upload.rows, upload.headers, context, loaded.herd)
    },
    // One birth after the other: a calf is created through the animal rules (insertAnimal), as the form's.
    write: async (trx, records, uploadId) => {
      const ids: number[] = []
      for (const record of records) {
        const mother = animals.get(record.mother.id)
        if (!mother) throw new Error('writeBirthUpload: madre no cargada')
        const source: BirthSource = { upload: uploadId, sheet_row: record.row }
        try {
          ids.push(await insertBirth(trx, { establishmentId, userId, mother, body: record.body, source }))
        } catch (error) {
          throw asRowProblem(error, record.row, upload.headers)
        }
      }
      return ids
    },
  })
}

/** Validates and writes the treatments of a parsed file in one transaction, with their withdrawal alerts. */
export function writeTreatmentUpload(db: DB, input: RiderUploadInput) {
  const { establishmentId, userId, upload } = input
  return writeRiderUpload(db, 'treatments', input, {
    validate: async (trx, context) => {
      const tags = tagsOfRows(upload.rows, TEMPLATES.treatments.columns, ['visualTag', 'electronicTag'])
      const herd = await loadTaggedAnimals(trx, establishmentId, tags, { lock: true })
      return validateTreatmentRows(upload.rows, upload.headers, context, herd)
    },
    write: (trx, records, uploadId, context) => {
      const products = context.general.treatments ?? new Map()
      const productName = new Map([...products.values()].map((p) => [p.id, p.description]))
      return insertTreatments(trx, {
        establishmentId,
        userId,
        items: records.map((record) => ({
          animalId: record.animalId,
          treatmentId: record.body.treatment_id,
          product: productName.get(record.body.treatment_id) ?? '',
          readAt: record.body.read_at,
          dose: record.body.dose ?? null,
          route: record.body.route ?? null,
          withdrawalDays: record.body.withdrawal_days,
          riderId: record.body.rider_id ?? null,
          source: { upload: uploadId, sheet_row: record.row },
        })),
      })
    },
  })
}
