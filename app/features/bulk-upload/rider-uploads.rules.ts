/**
 * The row rules of the riders' uploads (births and treatments, decision 036). A row becomes the body
 * the single API takes (`createBirthSchema`, `createTreatmentsSchema`: same checks, same messages),
 * then the riders' own rules judge it with the facts the server loaded for the whole file:
 * `motherProblem` and `calvingProblem` (births.rules.ts), the calf's tags, `deadAnimalProblem`
 * (deaths.rules.ts). What the form refuses, a row refuses, reported under its row and column. Pure.
 */
import type { z } from 'zod'
import { ANIMAL_MESSAGES } from '~/features/animals/animal-record.schema'
import { type MotherFacts, motherProblem } from '~/features/animals/animals.rules'
import { BIRTH_RULE_MESSAGES, calvingProblem } from '~/features/riders/births.rules'
import { deadAnimalProblem } from '~/features/riders/deaths.rules'
import {
  type CreateBirth,
  type CreateTreatments,
  createBirthSchema,
  createTreatmentsSchema,
  RIDER_MESSAGES,
} from '~/features/riders/riders.schema'
import { TREATMENT_NOUN } from '~/features/riders/treatments.rules'
import {
  type EventHerd,
  type LookupContext,
  RowReader,
  resolveAnimal,
  type Validated,
} from './bulk-upload.rules'
import type { RowProblem } from './bulk-upload.schema'
import { type ColumnKey, TEMPLATES } from './bulk-upload.templates'
import type { SheetRow } from './template-rows'

/** A placeholder id where the row's animal was not found: that problem is already reported. */
const NO_ANIMAL = '00000000-0000-4000-8000-000000000000'

/** Reports a schema's issues under the columns of their fields. */
function reportIssues(
  r: RowReader,
  issues: readonly z.core.$ZodIssue[],
  columnOf: Record<string, ColumnKey>,
) {
  for (const issue of issues) {
    const field = issue.path[0]
    const key = typeof field === 'string' ? columnOf[field] : undefined
    // A cell whose value matched nothing already says so.
    if (key && !r.failedOn(key)) r.problem(key, issue.message)
  }
}

// --- Births ---------------------------------------------------------------------------------------

/** A mother as the rules need her: the animal's facts, her recorded calvings. */
export interface BirthMother extends MotherFacts {
  id: string
  visualTag: string
  dateOfBirth: string | null
  /** Days ('YYYY-MM-DD') of her births already recorded. */
  calvings: readonly string[]
}

export interface BirthHerd {
  /** The establishment's animals (not deleted) named as mothers, by lower-case visual tag. */
  mothers: Map<string, BirthMother>
  /** Lower-case visual tags in use among the establishment's animals. */
  visualTags: Set<string>
  /** Electronic tags in use (they are unique across establishments). */
  electronicTags: Set<string>
}

export interface BirthRecord {
  row: number
  mother: BirthMother
  body: CreateBirth
}

const BIRTH_COLUMN_OF_FIELD: Record<string, ColumnKey> = {
  mother_id: 'motherTag',
  read_at: 'readAt',
  sex_id: 'sex',
  birth_type_id: 'birthType',
  weight_at_birth: 'weightAtBirth',
  calf_visual_tag: 'calfTag',
  calf_electronic_tag: 'calfElectronicTag',
  tag_pending: 'calfTag',
  rider_id: 'rider',
  note: 'note',
}

/**
 * Births: each row is the form's body (a blank calf tag is 'pendiente de caravana'), then the
 * mother's and the calving's rules, counting the calvings of earlier rows of the file as recorded.
 */
export function validateBirthRows(
  rows: readonly SheetRow[],
  headers: readonly string[],
  context: LookupContext,
  herd: BirthHerd,
): Validated<BirthRecord> {
  const { columns } = TEMPLATES.births
  const problems: RowProblem[] = []
  const records: BirthRecord[] = []
  /** Calvings of the file so far, by mother id (a second calving of a cow in one file is judged too). */
  const fileCalvings = new Map<string, string[]>()
  const rowOfCalfTag = new Map<string, number>()
  const rowOfCalfElectronic = new Map<string, number>()

  for (const sheetRow of rows) {
    const r = new RowReader(sheetRow, columns, headers, context, problems)
    const motherTag = r.text('motherTag')
    const mother = motherTag === undefined ? undefined : herd.mothers.get(motherTag.toLowerCase())
    if (motherTag !== undefined && !mother) r.problem('motherTag', RIDER_MESSAGES.animalNotFound)
    const calfTag = r.raw('calfTag')
    const values = {
      mother_id: mother?.id ?? NO_ANIMAL,
      read_at: r.dateText('readAt') ?? '',
      sex_id: r.id('sex') ?? null,
      birth_type_id: r.id('birthType') ?? null,
      weight_at_birth: r.plainNumber('weightAtBirth') ?? null,
      calf_visual_tag: calfTag,
      calf_electronic_tag: r.raw('calfElectronicTag'),
      // A blank calf tag in a sheet is the form's 'Pendiente de caravana'.
      tag_pending: calfTag.trim() === '',
      rider_id: r.id('rider') ?? null,
      note: r.raw('note'),
    }
    const parsed = createBirthSchema.safeParse(values)
    if (!parsed.success) reportIssues(r, parsed.error.issues, BIRTH_COLUMN_OF_FIELD)
    const body = parsed.success ? parsed.data : undefined
    if (body && !body.calf_visual_tag && body.calf_electronic_tag)
      r.problem('calfElectronicTag', 'El RFID del ternero va con su caravana visual (IDV)')

    if (mother) {
      const refusal = motherProblem(mother, { isSelf: false })
      if (refusal) r.problem('motherTag', refusal)
      else if (body) {
        const earlier = fileCalvings.get(mother.id) ?? []
        const calving = calvingProblem({
          readAt: body.read_at,
          mother: { visualTag: mother.visualTag, dateOfBirth: mother.dateOfBirth },
          otherCalvings: [...mother.calvings, ...earlier],
        })
        if (calving) r.problem('readAt', calving)
        else fileCalvings.set(mother.id, [...earlier, body.read_at])
      }
    }
    if (body?.calf_visual_tag) {
      const tag = body.calf_visual_tag
      const first = rowOfCalfTag.get(tag.toLowerCase())
      if (herd.visualTags.has(tag.toLowerCase())) r.problem('calfTag', BIRTH_RULE_MESSAGES.calfTagTaken(tag))
      else if (first !== undefined) r.problem('calfTag', `IDV repetido: ya está en la fila ${first}`)
      else rowOfCalfTag.set(tag.toLowerCase(), r.row)
    }
    if (body?.calf_electronic_tag) {
      const tag = body.calf_electronic_tag
      const first = rowOfCalfElectronic.get(tag)
      if (herd.electronicTags.has(tag))
        r.problem('calfElectronicTag', ANIMAL_MESSAGES.electronicTagTaken(tag))
      else if (first !== undefined)
        r.problem('calfElectronicTag', `IDE repetido: ya está en la fila ${first}`)
      else rowOfCalfElectronic.set(tag, r.row)
    }
    if (!r.failed && mother && body) records.push({ row: r.row, mother, body })
  }
  return { records, problems }
}

// --- Treatments -----------------------------------------------------------------------------------

export interface TreatmentRecord {
  row: number
  animalId: string
  body: Omit<CreateTreatments, 'animal_ids'>
}

const TREATMENT_COLUMN_OF_FIELD: Record<string, ColumnKey> = {
  animal_ids: 'visualTag',
  read_at: 'readAt',
  treatment_id: 'treatment',
  dose: 'dose',
  route: 'route',
  withdrawal_days: 'withdrawalDays',
  rider_id: 'rider',
}

/**
 * Treatments: each row is one animal's treatment, the form's body for that animal, refused when the
 * animal is dead (`deadAnimalProblem`, as the form and every event path). An animal may have several
 * rows (two products the same day are two treatments).
 */
export function validateTreatmentRows(
  rows: readonly SheetRow[],
  headers: readonly string[],
  context: LookupContext,
  herd: EventHerd,
): Validated<TreatmentRecord> {
  const { columns } = TEMPLATES.treatments
  const problems: RowProblem[] = []
  const records: TreatmentRecord[] = []
  for (const sheetRow of rows) {
    const r = new RowReader(sheetRow, columns, headers, context, problems)
    const animal = resolveAnimal(r, herd)
    const column: ColumnKey = r.has('visualTag') ? 'visualTag' : 'electronicTag'
    if (animal) {
      const dead = deadAnimalProblem(
        {
          visualTag: animal.visualTag,
          checkOutType: animal.checkOut?.type ?? null,
          checkOutDate: animal.checkOut?.date ?? null,
        },
        TREATMENT_NOUN,
      )
      if (dead) r.problem(column, dead)
    }
    const parsed = createTreatmentsSchema.safeParse({
      animal_ids: [animal?.id ?? NO_ANIMAL],
      read_at: r.dateText('readAt') ?? '',
      treatment_id: r.id('treatment') ?? null,
      dose: r.raw('dose'),
      route: r.raw('route'),
      withdrawal_days: r.plainNumber('withdrawalDays') ?? null,
      rider_id: r.id('rider') ?? null,
    })
    if (!parsed.success) reportIssues(r, parsed.error.issues, TREATMENT_COLUMN_OF_FIELD)
    if (!r.failed && animal && parsed.success) {
      const { animal_ids: _, ...body } = parsed.data
      records.push({ row: r.row, animalId: animal.id, body })
    }
  }
  return { records, problems }
}
