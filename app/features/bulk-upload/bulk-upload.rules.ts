/**
 * The rules of the bulk uploads, applied to the rows read from a sheet: every cell of every row is
 * checked against its column's definition (bulk-upload.templates.ts) and the establishment's data,
 * and every problem is collected with its row and column. Pure functions: the caller loads the
 * lookups and the animals these rules need (bulk-upload.server.ts).
 */
import type { z } from 'zod'
import {
  ANIMAL_MESSAGES,
  type AnimalCreateRecord,
  type AnimalCreateValues,
  animalCreateSchema,
  electronicTagRule,
  isAnimalField,
  visualTagRule,
} from '~/features/animals/animal-record.schema'
import { categorySex, type MotherFacts, motherProblem } from '~/features/animals/animals.rules'
import type { EventKind } from '~/features/events/event-kinds'
import { eventAnimalProblems } from '~/features/events/events.rules'
import type { Sex } from '~/features/lookups/lookup-values'
import { RIDER_MESSAGES } from '~/features/riders/riders.schema'
import { DEFAULT_WEIGHING_READ_AT, MIN_RECORD_DATE } from '~/lib/record-rules'
import type { RowProblem } from './bulk-upload.schema'
import {
  type ColumnDef,
  type ColumnKey,
  type GeneralLookup,
  NATURAL_SERVICE,
  normalizeValue,
  TEMPLATES,
} from './bulk-upload.templates'
import type { Cell } from './read-sheet.server'
import type { SheetRow } from './template-rows'

/** The establishment's values that cells are matched against, keyed by normalizeValue(description). */
export interface LookupContext {
  general: Partial<Record<GeneralLookup, Map<string, { id: number; description: string }>>>
  rodeos: Map<string, number>
  bulls: Map<string, number>
  /** "nombre apellido" and, when unique, "nombre" alone; null marks an ambiguous first name. */
  inseminators: Map<string, number | null>
  /** The establishment's riders by name (the riders' uploads). */
  riders: Map<string, number>
  /** Farm "today", 'YYYY-MM-DD': dates after it are refused. */
  today: string
}

/** A live animal of the establishment, as the event rules need it. */
export interface HerdAnimal {
  id: string
  visualTag: string
  electronicTag: string | null
  sex: Sex | null
  /** Its check-out when it left the herd: a dead animal is refused (decision 036). */
  checkOut?: { type: string | null; date: string | null }
}

export interface EventHerd {
  /** Live animals of the establishment by lower-case visual tag. */
  byVisualTag: Map<string, HerdAnimal>
  /** Live animals of the establishment by electronic tag. */
  byElectronicTag: Map<string, HerdAnimal>
  /** Animals that already have an event of this kind in the session. */
  inSession: Set<string>
}

export interface SessionInfo {
  id: number
  /** 'YYYY-MM-DD HH:mm:ss' */
  activityDate: string
}

interface EventBase {
  row: number
  animalId: string
  /** 'YYYY-MM-DD HH:mm:ss' (wall clock of the farm). */
  readAt: string
}

/** What each event records besides the animal and the date. */
export interface EventFields {
  weighing: { weight: number; weighingTimeId: number | null }
  'artificial-insemination': { bullId: number | null; inseminatorId: number | null }
  'pregnancy-check': {
    detailId: number
    ultrasound: boolean
    /** A bull id, 'natural' (REPASO), or undefined when the cell was blank (the animal is left alone). */
    service: number | 'natural' | undefined
  }
  preservice: { reproductiveGradeId: number | null; ovarianStatusId: number | null }
}

export interface EventRecord<K extends EventKind> extends EventBase {
  fields: EventFields[K]
}

export interface Validated<T> {
  records: T[]
  problems: RowProblem[]
}

type Read<T> = { ok: true; value: T } | { ok: false; message: string }
const ok = <T>(value: T): Read<T> => ({ ok: true, value })
const bad = (message: string): Read<never> => ({ ok: false, message })

/** A cell judged by one of the animal record's rules (issue 5): the same checks and messages as the forms. */
function byRule<T>(rule: z.ZodType<T>, input: unknown): Read<T> {
  const result = rule.safeParse(input)
  return result.success ? ok(result.data) : bad(result.error.issues[0]?.message ?? 'Valor inválido')
}

// --- Cells ----------------------------------------------------------------------------------------

function cellText(cell: Exclude<Cell, null>): string {
  if (cell.t === 'n') return String(cell.v)
  if (cell.t === 'b') return cell.v ? 'Sí' : 'No'
  return cell.v
}

function readVisualTag(cell: Exclude<Cell, null>): Read<string> {
  if (cell.t === 'd') return bad('Se esperaba una caravana, no una fecha')
  return byRule(visualTagRule, cellText(cell))
}

/** The tag as typed; a number keeps all its digits (no exponent), so a dropped leading zero shows. */
export function tagText(cell: Exclude<Cell, null>) {
  return cell.t === 'n' && Number.isInteger(cell.v) ? cell.v.toFixed(0) : cellText(cell)
}

function readElectronicTag(cell: Exclude<Cell, null>): Read<string> {
  if (cell.t === 'd' || cell.t === 'b') return bad(ANIMAL_MESSAGES.electronicTagLength)
  const read = byRule(electronicTagRule, tagText(cell))
  if (!read.ok) return read
  return read.value === null ? bad(ANIMAL_MESSAGES.electronicTagLength) : ok(read.value)
}

const DATE_TEXT = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/

function pad(value: number | string, length = 2) {
  return String(value).padStart(length, '0')
}

/** A record date: DD/MM/AAAA (optionally with time) or a date cell, from 1900-01-01 to today. */
export function readDate(cell: Exclude<Cell, null>, withTime: boolean, today: string): Read<string> {
  const read = parseDate(cell, withTime)
  return read.ok ? checkRecordDate(read.value, today) : read
}

/** DD/MM/AAAA (optionally with HH:MM[:SS]) or a date-formatted cell, as 'YYYY-MM-DD HH:mm:ss'. */
function parseDate(cell: Exclude<Cell, null>, withTime: boolean): Read<string> {
  let value: string
  if (cell.t === 'd') value = cell.v
  else if (cell.t === 's') {
    const match = DATE_TEXT.exec(cell.v)
    if (!match) return bad('Fecha inválida: use DD/MM/AAAA')
    const part = (i: number) => match[i] ?? '0'
    const d = part(1)
    const m = part(2)
    const y = part(3)
    const hh = part(4)
    const mm = part(5)
    const ss = part(6)
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
    const real =
      date.getUTCFullYear() === Number(y) &&
      date.getUTCMonth() === Number(m) - 1 &&
      date.getUTCDate() === Number(d)
    if (!real || Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59)
      return bad('Fecha inválida: use DD/MM/AAAA')
    value = `${pad(y, 4)}-${pad(m)}-${pad(d)} ${pad(hh)}:${pad(mm)}:${pad(ss)}`
  } else return bad('Fecha inválida: use DD/MM/AAAA')
  return ok(withTime ? value : `${value.slice(0, 10)} 00:00:00`)
}

function checkRecordDate(value: string, today: string): Read<string> {
  const day = value.slice(0, 10)
  if (day < MIN_RECORD_DATE) return bad('La fecha no puede ser anterior al 01/01/1900')
  if (day > today) return bad('La fecha no puede ser futura')
  return ok(value)
}

function readNumber(cell: Exclude<Cell, null>, column: Extract<ColumnDef, { type: 'number' }>): Read<number> {
  const read = parseNumber(cell)
  if (!read.ok) return read
  if (read.value < column.min || read.value > column.max) {
    return bad(`Debe estar entre ${column.min} y ${column.max} ${column.unit}`)
  }
  return read
}

/** A number cell, or text with a decimal comma or point. */
export function parseNumber(cell: Exclude<Cell, null>): Read<number> {
  let value: number
  if (cell.t === 'n') value = cell.v
  else if (cell.t === 's') {
    // Argentina writes 1.234,5; a plain 352.5 is read as a decimal point.
    const text = cell.v.replace(/\s+/g, '')
    const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text
    value = /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN
  } else value = Number.NaN
  if (!Number.isFinite(value)) return bad('Debe ser un número')
  return ok(Math.round(value * 100) / 100)
}

const YES = new Set(['si', 's', 'yes', 'y', '1', 'verdadero', 'true', 'x'])
const NO = new Set(['no', 'n', '0', 'falso', 'false'])

function readYesNo(cell: Exclude<Cell, null>): Read<boolean> {
  if (cell.t === 'b') return ok(cell.v)
  const text = normalizeValue(cellText(cell))
  if (YES.has(text)) return ok(true)
  if (NO.has(text)) return ok(false)
  return bad('Indique Sí o No')
}

function readLookup(cell: Exclude<Cell, null>, table: GeneralLookup, context: LookupContext): Read<number> {
  const values = context.general[table]
  const found = values?.get(normalizeValue(cellText(cell)))
  if (found) return ok(found.id)
  const options = values ? [...values.values()].map((v) => v.description).join(', ') : ''
  return bad(`Valor no válido. Opciones: ${options}`)
}

function readBull(
  cell: Exclude<Cell, null>,
  natural: boolean,
  context: LookupContext,
): Read<number | 'natural'> {
  const text = cellText(cell).trim()
  if (natural && normalizeValue(text) === normalizeValue(NATURAL_SERVICE)) return ok('natural')
  const id = context.bulls.get(normalizeValue(text))
  if (id !== undefined) return ok(id)
  if (!natural && normalizeValue(text) === normalizeValue(NATURAL_SERVICE)) {
    return bad(`${NATURAL_SERVICE} corresponde solo al diagnóstico de gestación`)
  }
  return bad(`El toro "${text}" no está configurado en el establecimiento`)
}

function readInseminator(cell: Exclude<Cell, null>, context: LookupContext): Read<number> {
  const text = cellText(cell).trim()
  const id = context.inseminators.get(normalizeValue(text))
  if (id === null) return bad(`Hay más de un inseminador llamado "${text}": escriba nombre y apellido`)
  if (id === undefined) return bad(`El inseminador "${text}" no está configurado en el establecimiento`)
  return ok(id)
}

function readRodeo(cell: Exclude<Cell, null>, context: LookupContext): Read<number> {
  const text = cellText(cell).trim()
  const id = context.rodeos.get(normalizeValue(text))
  return id === undefined ? bad(`El rodeo "${text}" no existe en el establecimiento`) : ok(id)
}

function readRider(cell: Exclude<Cell, null>, context: LookupContext): Read<number> {
  const id = context.riders.get(normalizeValue(cellText(cell)))
  // The riders' form and API say the same of an unknown rider (riders.schema.ts).
  return id === undefined ? bad(RIDER_MESSAGES.riderInvalid) : ok(id)
}

function readText(cell: Exclude<Cell, null>): Read<string> {
  return ok(cellText(cell).trim())
}

// --- Rows -----------------------------------------------------------------------------------------

/**
 * One sheet row with its cells read by column. `get` returns the value, `undefined` for a blank cell
 * (or a missing column), and records the problem and returns undefined for a bad one.
 */
export class RowReader {
  failed = false
  private readonly failedKeys = new Set<ColumnKey>()
  constructor(
    private readonly sheetRow: SheetRow,
    private readonly columns: readonly ColumnDef[],
    private readonly headers: readonly string[],
    private readonly context: LookupContext,
    private readonly problems: RowProblem[],
  ) {}

  get row() {
    return this.sheetRow.row
  }

  private index(key: ColumnKey) {
    return this.columns.findIndex((c) => c.key === key)
  }

  header(key: ColumnKey) {
    const i = this.index(key)
    return this.headers[i] ?? this.columns[i]?.header ?? key
  }

  /** Records a problem on this row under the column's header. */
  problem(key: ColumnKey, message: string) {
    this.failed = true
    this.failedKeys.add(key)
    this.problems.push({ row: this.sheetRow.row, column: this.header(key), message })
  }

  /** Whether a problem was already recorded under this column (one per cell is enough). */
  failedOn(key: ColumnKey) {
    return this.failedKeys.has(key)
  }

  has(key: ColumnKey) {
    const i = this.index(key)
    return i >= 0 && (this.sheetRow.cells[i] ?? null) !== null
  }

  /** The cell itself: null when blank or missing, undefined (problem recorded) for a spreadsheet error. */
  private cell(key: ColumnKey) {
    const cell = this.sheetRow.cells[this.index(key)] ?? null
    if (cell?.t === 'e') {
      this.problem(key, `La celda tiene un error de Excel (${cell.v})`)
      return undefined
    }
    return cell
  }

  /** The cell as text for a schema that judges it ('' when blank), as a form would hold it. */
  raw(key: ColumnKey) {
    const cell = this.cell(key)
    if (!cell) return ''
    return cell.t === 'd' ? cell.v.slice(0, 10) : tagText(cell)
  }

  /** A date without bounds ('' when blank, undefined when unreadable): the schema judges the bounds. */
  dateText(key: ColumnKey) {
    const cell = this.cell(key)
    if (!cell) return cell === null ? '' : undefined
    const read = parseDate(cell, false)
    if (read.ok) return read.value
    this.problem(key, read.message)
    return undefined
  }

  /** A number without range (null when blank, undefined when unreadable): the schema judges the range. */
  plainNumber(key: ColumnKey) {
    const cell = this.cell(key)
    if (!cell) return cell === null ? null : undefined
    const read = parseNumber(cell)
    if (read.ok) return read.value
    this.problem(key, read.message)
    return undefined
  }

  /** The cell's value (undefined when blank, missing or bad: a bad one records its problem). */
  private read(key: ColumnKey): CellValue | undefined {
    const i = this.index(key)
    const column = this.columns[i]
    const cell = this.sheetRow.cells[i] ?? null
    if (!column || cell === null) {
      if (column?.requiredMessage) this.problem(key, column.requiredMessage)
      return undefined
    }
    if (cell.t === 'e') {
      this.problem(key, `La celda tiene un error de Excel (${cell.v})`)
      return undefined
    }
    const read = readCell(column, cell, this.context)
    if (!read.ok) {
      this.problem(key, read.message)
      return undefined
    }
    return read.value
  }

  /** Tags, dates ('YYYY-MM-DD HH:mm:ss') and free text. */
  text(key: ColumnKey) {
    const value = this.read(key)
    return value?.kind === 'text' ? value.value : undefined
  }

  number(key: ColumnKey) {
    const value = this.read(key)
    return value?.kind === 'number' ? value.value : undefined
  }

  /** The id a lookup, rodeo or inseminator cell names. */
  id(key: ColumnKey) {
    const value = this.read(key)
    return value?.kind === 'id' ? value.value : undefined
  }

  flag(key: ColumnKey) {
    const value = this.read(key)
    return value?.kind === 'flag' ? value.value : undefined
  }

  /** A bull's id, or 'natural' where REPASO is accepted. */
  bull(key: ColumnKey) {
    const value = this.read(key)
    return value?.kind === 'bull' ? value.value : undefined
  }
}

/** A cell read by its column's type. */
type CellValue =
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'id'; value: number }
  | { kind: 'flag'; value: boolean }
  | { kind: 'bull'; value: number | 'natural' }

const text = (read: Read<string>): Read<CellValue> =>
  read.ok ? ok({ kind: 'text', value: read.value }) : read
const number = (read: Read<number>): Read<CellValue> =>
  read.ok ? ok({ kind: 'number', value: read.value }) : read
const id = (read: Read<number>): Read<CellValue> => (read.ok ? ok({ kind: 'id', value: read.value }) : read)
const flag = (read: Read<boolean>): Read<CellValue> =>
  read.ok ? ok({ kind: 'flag', value: read.value }) : read
const bull = (read: Read<number | 'natural'>): Read<CellValue> =>
  read.ok ? ok({ kind: 'bull', value: read.value }) : read

function readCell(column: ColumnDef, cell: Exclude<Cell, null>, context: LookupContext): Read<CellValue> {
  switch (column.type) {
    case 'visualTag':
    case 'motherTag':
      return text(readVisualTag(cell))
    case 'electronicTag':
      return text(readElectronicTag(cell))
    case 'date':
      return text(readDate(cell, column.withTime === true, context.today))
    case 'text':
      return text(readText(cell))
    case 'number':
      return number(readNumber(cell, column))
    case 'yesNo':
      return flag(readYesNo(cell))
    case 'lookup':
      return id(readLookup(cell, column.table, context))
    case 'inseminator':
      return id(readInseminator(cell, context))
    case 'rodeo':
      return id(readRodeo(cell, context))
    case 'rider':
      return id(readRider(cell, context))
    case 'bull':
      return bull(readBull(cell, column.natural === true, context))
  }
}

/** A bull id; REPASO (accepted only where natural service is) and blank are no bull. */
export function numberOrNull(value: number | 'natural' | undefined) {
  return typeof value === 'number' ? value : null
}

/** The problems of a file whose header row is fine: row problems, in row order. */
export function validateEventRows<K extends EventKind>(
  kind: K,
  rows: readonly SheetRow[],
  headers: readonly string[],
  context: LookupContext,
  herd: EventHerd,
  session: SessionInfo,
): Validated<EventRecord<K>> {
  const { columns } = TEMPLATES[kind]
  const problems: RowProblem[] = []
  const records: EventRecord<K>[] = []
  const readFields = FIELD_READERS[kind]
  const firstRowOf = new Map<string, number>()
  const sessionDay = session.activityDate.slice(0, 10)

  for (const sheetRow of rows) {
    const r = new RowReader(sheetRow, columns, headers, context, problems)
    const animal = resolveAnimal(r, herd)

    let readAt = r.text('readAt')
    if (readAt === undefined && !r.has('readAt')) {
      if (kind === 'weighing') readAt = DEFAULT_WEIGHING_READ_AT
      else if (sessionDay > context.today) {
        r.problem('readAt', 'La sesión es de una fecha futura: indique la fecha')
      } else readAt = `${sessionDay} 00:00:00`
    }

    if (animal) {
      const column: ColumnKey = r.has('visualTag') ? 'visualTag' : 'electronicTag'
      const first = firstRowOf.get(animal.id)
      if (first !== undefined) r.problem(column, `El animal está repetido: ya está en la fila ${first}`)
      else firstRowOf.set(animal.id, r.row)
      // The event rules every write path shares (events.rules.ts); a file cannot confirm a repeat.
      const rules = eventAnimalProblems(kind, {
        animal,
        alreadyInSession: herd.inSession.has(animal.id),
        repeatConfirmed: false,
      })
      for (const problem of rules) r.problem(column, problem.message)
    }

    const fields = readFields(r, context)
    if (!r.failed && animal && readAt !== undefined && fields) {
      records.push({ row: r.row, animalId: animal.id, readAt, fields })
    }
  }
  return { records, problems }
}

/** Reads the cells particular to each event; undefined when a required one is missing or bad. */
const FIELD_READERS: {
  [K in EventKind]: (r: RowReader, context: LookupContext) => EventFields[K] | undefined
} = {
  weighing: (r) => {
    const weight = r.number('weight')
    const weighingTimeId = r.id('weighingTime') ?? null
    return weight === undefined ? undefined : { weight, weighingTimeId }
  },
  'artificial-insemination': (r) => ({
    bullId: numberOrNull(r.bull('bull')),
    inseminatorId: r.id('inseminator') ?? null,
  }),
  'pregnancy-check': (r, context) => {
    const detailId = r.id('diagnosis')
    const ultrasound = r.flag('ultrasound') ?? false
    const service = r.bull('bull')
    if (detailId === undefined) return undefined
    if (service !== undefined) {
      const detail = normalizeValue(descriptionOf(context, 'pregnancy_check_details', detailId) ?? '')
      if (detail === 'vacia') r.problem('bull', 'Una vaca vacía no lleva toro')
      else if (detail === 'ia' && service === 'natural') {
        r.problem('bull', `Una preñez por IA no es de servicio natural (${NATURAL_SERVICE})`)
      }
    }
    return { detailId, ultrasound, service }
  },
  preservice: (r) => {
    const reproductiveGradeId = r.id('reproductiveGrade') ?? null
    const ovarianStatusId = r.id('ovarianStatus') ?? null
    if (!r.has('reproductiveGrade') && !r.has('ovarianStatus')) {
      r.problem('reproductiveGrade', 'Indique el GDR o el estado ovárico')
    }
    return { reproductiveGradeId, ovarianStatusId }
  },
}

/** The live animal a row names by IDV and/or IDE; problems recorded when none or two different. */
export function resolveAnimal(r: RowReader, herd: EventHerd): HerdAnimal | undefined {
  const visualTag = r.text('visualTag')
  const electronicTag = r.text('electronicTag')
  if (!r.has('visualTag') && !r.has('electronicTag')) {
    r.problem('visualTag', 'Indique el IDV o el IDE del animal')
    return undefined
  }
  const byVisual = visualTag === undefined ? undefined : herd.byVisualTag.get(visualTag.toLowerCase())
  const byElectronic = electronicTag === undefined ? undefined : herd.byElectronicTag.get(electronicTag)
  if (visualTag !== undefined && !byVisual) {
    r.problem('visualTag', `No hay un animal vivo con IDV ${visualTag} en el establecimiento`)
  }
  if (electronicTag !== undefined && !byElectronic) {
    r.problem('electronicTag', `No hay un animal vivo con IDE ${electronicTag} en el establecimiento`)
  }
  if (byVisual && byElectronic && byVisual.id !== byElectronic.id) {
    r.problem('electronicTag', `El IDE es del animal ${byElectronic.visualTag}, no del IDV ${visualTag}`)
    return undefined
  }
  return byVisual ?? byElectronic
}

// --- Animals --------------------------------------------------------------------------------------

export interface AnimalHerd {
  /** Lower-case visual tags of the establishment's live animals. */
  visualTags: Set<string>
  /** Electronic tags of every live animal (they are unique across establishments). */
  electronicTags: Set<string>
  /** Live animals of the establishment that are named as a mother, by lower-case visual tag. */
  mothers: Map<string, MotherFacts & { id: string; visualTag: string }>
}

/** A new animal ready to insert: the create form's clean record, its row, and its mother. */
export interface AnimalRecord {
  row: number
  /** `mother_id` is null here: the mother is `mother`, resolved to an id when inserting. */
  record: AnimalCreateRecord
  /** A live animal's id, or the row of another animal of the same file. */
  mother: { animalId: string } | { row: number } | null
}

/** The template column of each field of the create form, to report a field's problem in its cell. */
const COLUMN_OF_FIELD: Record<string, ColumnKey> = {
  visual_tag: 'visualTag',
  electronic_tag: 'electronicTag',
  rodeo_id: 'rodeo',
  animal_type_id: 'category',
  breed_id: 'breed',
  gender: 'sex',
  color_id: 'color',
  date_of_birth: 'dateOfBirth',
  weight_at_birth: 'weightAtBirth',
  birth_type_id: 'birthType',
  mother_id: 'motherTag',
  father_id: 'father',
  origin: 'origin',
  check_in_type_id: 'checkInType',
  cuig: 'cuig',
  senasa: 'senasa',
}

/**
 * The per-row rules of a new animal: the row becomes the values the create form would hold (names
 * matched to the establishment's ids) and goes through the animal create schema of issue 5, so a
 * spreadsheet row and the form obey the same rules with the same messages. The sex is filled from the
 * category when blank and a contradiction refused, as the create endpoint does.
 */
export function animalRowRules(r: RowReader, context: LookupContext): AnimalCreateRecord | undefined {
  const values: AnimalCreateValues = {
    visual_tag: r.raw('visualTag'),
    electronic_tag: r.raw('electronicTag'),
    rodeo_id: r.id('rodeo') ?? null,
    animal_type_id: r.id('category') ?? null,
    breed_id: r.id('breed') ?? null,
    gender: r.id('sex') ?? null,
    color_id: r.id('color') ?? null,
    date_of_birth: r.dateText('dateOfBirth') ?? '',
    weight_at_birth: r.plainNumber('weightAtBirth') ?? null,
    birth_type_id: r.id('birthType') ?? null,
    // Named by its tag: resolved across the file and the herd by validateAnimalRows.
    mother_id: null,
    father_id: numberOrNull(r.bull('father')),
    origin: r.raw('origin'),
    check_in_type_id: r.id('checkInType') ?? null,
    cuig: r.raw('cuig'),
    senasa: r.raw('senasa'),
  }
  const parsed = animalCreateSchema.safeParse(values)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0]
      const key = field !== undefined && isAnimalField(field) ? COLUMN_OF_FIELD[field] : undefined
      // A cell whose name matched nothing already says so: the schema would only add 'Requerido'.
      if (key && !r.failedOn(key)) r.problem(key, issue.message)
    }
    return undefined
  }
  const record = parsed.data
  const category = descriptionOf(context, 'animal_types', record.animal_type_id)
  const sex = record.gender === null ? null : (descriptionOf(context, 'sexes', record.gender) ?? null)
  const answer = categorySex(category, sex)
  if (!answer.ok) {
    r.problem('sex', answer.message)
    return undefined
  }
  if (record.gender !== null || answer.sex === null) return record
  const impliedId = context.general.sexes?.get(normalizeValue(answer.sex))?.id
  return impliedId === undefined ? record : { ...record, gender: impliedId }
}

function descriptionOf(context: LookupContext, table: GeneralLookup, id: number) {
  for (const value of context.general[table]?.values() ?? []) if (value.id === id) return value.description
  return undefined
}

/**
 * New animals: the per-row rules, then the rules across rows and against the live herd (unique tags,
 * the mother) that the create endpoint checks one animal at a time, here for the whole file at once.
 */
export function validateAnimalRows(
  rows: readonly SheetRow[],
  headers: readonly string[],
  context: LookupContext,
  herd: AnimalHerd,
): Validated<AnimalRecord> {
  const { columns } = TEMPLATES.animals
  const problems: RowProblem[] = []
  const parsed: { r: RowReader; record: AnimalCreateRecord | undefined; mother?: string }[] = []
  const rowOfVisual = new Map<string, number>()
  const rowOfElectronic = new Map<string, number>()

  for (const sheetRow of rows) {
    const r = new RowReader(sheetRow, columns, headers, context, problems)
    const record = animalRowRules(r, context)
    const mother = r.text('motherTag')
    if (record) {
      const visual = record.visual_tag.toLowerCase()
      const first = rowOfVisual.get(visual)
      if (first !== undefined) r.problem('visualTag', `IDV repetido: ya está en la fila ${first}`)
      else rowOfVisual.set(visual, r.row)
      if (herd.visualTags.has(visual))
        r.problem('visualTag', ANIMAL_MESSAGES.visualTagTaken(record.visual_tag))
      if (record.electronic_tag) {
        const firstElectronic = rowOfElectronic.get(record.electronic_tag)
        if (firstElectronic !== undefined)
          r.problem('electronicTag', `IDE repetido: ya está en la fila ${firstElectronic}`)
        else rowOfElectronic.set(record.electronic_tag, r.row)
        if (herd.electronicTags.has(record.electronic_tag)) {
          r.problem('electronicTag', ANIMAL_MESSAGES.electronicTagTaken(record.electronic_tag))
        }
      }
    }
    parsed.push({ r, record, mother })
  }

  const recordOfRow = new Map(parsed.map((p) => [p.r.row, p.record]))
  const records: AnimalRecord[] = []
  for (const { r, record, mother } of parsed) {
    let motherRef: AnimalRecord['mother'] = null
    if (mother !== undefined) {
      const key = mother.toLowerCase()
      const inFile = rowOfVisual.get(key)
      const inHerd = herd.mothers.get(key)
      const isSelf = record !== undefined && key === record.visual_tag.toLowerCase()
      // A mother of the same file is new: in the herd, never departed; her sex is her row's (filled).
      const motherRecord = inHerd || inFile === undefined ? undefined : recordOfRow.get(inFile)
      const facts: MotherFacts | undefined =
        inHerd ??
        (motherRecord && {
          sex: descriptionOf(context, 'sexes', motherRecord.gender ?? -1) ?? null,
          category: null,
          departed: false,
        })
      if (isSelf || inHerd || inFile !== undefined) {
        // A mother row that failed its own rules is not judged again: the file is refused anyway.
        const problem = isSelf || facts ? motherProblem(facts, { isSelf }) : undefined
        if (problem) r.problem('motherTag', problem)
        else if (inHerd) motherRef = { animalId: inHerd.id }
        else if (inFile !== undefined) motherRef = { row: inFile }
      } else {
        r.problem(
          'motherTag',
          `No hay una hembra viva con IDV ${mother} en el establecimiento ni en el archivo`,
        )
      }
    }
    if (record && !r.failed) records.push({ row: r.row, record, mother: motherRef })
  }
  return { records, problems }
}

/** Lower-case visual tags and electronic tags a file names, to load only those animals. */
export function tagsOfRows(rows: readonly SheetRow[], columns: readonly ColumnDef[], keys: ColumnKey[]) {
  const visual = new Set<string>()
  const electronic = new Set<string>()
  for (const key of keys) {
    const i = columns.findIndex((c) => c.key === key)
    if (i < 0) continue
    const electronicColumn = columns[i]?.type === 'electronicTag'
    for (const { cells } of rows) {
      const cell = cells[i]
      if (!cell || cell.t === 'e' || cell.t === 'd') continue
      if (electronicColumn) {
        const tag = readElectronicTag(cell)
        if (tag.ok) electronic.add(tag.value)
      } else {
        const tag = readVisualTag(cell)
        if (tag.ok) visual.add(tag.value.toLowerCase())
      }
    }
  }
  return { visual: [...visual], electronic: [...electronic] }
}
