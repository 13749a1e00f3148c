/**
 * The rules of the bulk uploads, applied to the rows read from a sheet: every cell of every row is
 * checked against its column's definition (bulk-upload.templates.ts) and the establishment's data,
 * and every problem is collected with its row and column. Pure functions: the caller loads the
 * lookups and the animals these rules need (bulk-upload.server.ts).
 */
import type { Sex } from '~/db/seed/lookup-values'
import { SEX_OF_ANIMAL_TYPE } from '~/db/seed/lookup-values'
import { normalizeElectronicTag } from '~/lib/electronic-tag'
import { DEFAULT_WEIGHING_READ_AT, MIN_RECORD_DATE } from '~/lib/record-rules'
import type { RowProblem } from './bulk-upload.schema'
import {
  type ColumnDef,
  type ColumnKey,
  type EventKind,
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
  /** Farm "today", 'YYYY-MM-DD': dates after it are refused. */
  today: string
}

/** A live animal of the establishment, as the event rules need it. */
export interface HerdAnimal {
  id: string
  visualTag: string
  electronicTag: string | null
  sex: Sex | null
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
  weighings: { weight: number; weighingTimeId: number | null }
  'artificial-inseminations': { bullId: number | null; inseminatorId: number | null }
  'pregnancy-checks': {
    detailId: number
    ultrasound: boolean
    /** A bull id, 'natural' (REPASO), or undefined when the cell was blank (the animal is left alone). */
    service: number | 'natural' | undefined
  }
  preservices: { reproductiveGradeId: number | null; ovarianStatusId: number | null }
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

const TAG_PATTERN = /^[\p{L}\p{N} -]+$/u
const ALPHANUMERIC_MESSAGE = 'Solo se permiten valores alfanuméricos, espacios o guion'
const MAX_TAG_LENGTH = 40

// --- Cells ----------------------------------------------------------------------------------------

function cellText(cell: Exclude<Cell, null>): string {
  if (cell.t === 'n') return String(cell.v)
  if (cell.t === 'b') return cell.v ? 'Sí' : 'No'
  return cell.v
}

function readVisualTag(cell: Exclude<Cell, null>): Read<string> {
  if (cell.t === 'd') return bad('Se esperaba una caravana, no una fecha')
  const value = cellText(cell).replace(/\s+/g, ' ').trim()
  if (value.length > MAX_TAG_LENGTH) return bad(`Máximo ${MAX_TAG_LENGTH} caracteres`)
  return TAG_PATTERN.test(value) ? ok(value) : bad(ALPHANUMERIC_MESSAGE)
}

function readElectronicTag(cell: Exclude<Cell, null>): Read<string> {
  if (cell.t === 'n' && !Number.isInteger(cell.v)) return bad('Debe tener 15 caracteres')
  if (cell.t === 'd' || cell.t === 'b') return bad('Debe tener 15 caracteres')
  const value = normalizeElectronicTag(cell.t === 'n' ? cell.v.toFixed(0) : cell.v)
  if (!TAG_PATTERN.test(value)) return bad(ALPHANUMERIC_MESSAGE)
  return value.length === 15 ? ok(value) : bad('Debe tener 15 caracteres')
}

const DATE_TEXT = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/

function pad(value: number | string, length = 2) {
  return String(value).padStart(length, '0')
}

/** DD/MM/AAAA (optionally with HH:MM[:SS]) or a date-formatted cell, as 'YYYY-MM-DD HH:mm:ss'. */
export function readDate(cell: Exclude<Cell, null>, withTime: boolean, today: string): Read<string> {
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
  if (!withTime) value = `${value.slice(0, 10)} 00:00:00`
  return checkRecordDate(value, today)
}

function checkRecordDate(value: string, today: string): Read<string> {
  const day = value.slice(0, 10)
  if (day < MIN_RECORD_DATE) return bad('La fecha no puede ser anterior al 01/01/1900')
  if (day > today) return bad('La fecha no puede ser futura')
  return ok(value)
}

function readNumber(cell: Exclude<Cell, null>, column: Extract<ColumnDef, { type: 'number' }>): Read<number> {
  let value: number
  if (cell.t === 'n') value = cell.v
  else if (cell.t === 's') {
    // Argentina writes 1.234,5; a plain 352.5 is read as a decimal point.
    const text = cell.v.replace(/\s+/g, '')
    const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text
    value = /^-?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN
  } else value = Number.NaN
  if (!Number.isFinite(value)) return bad('Debe ser un número')
  if (value < column.min || value > column.max) {
    return bad(`Debe estar entre ${column.min} y ${column.max} ${column.unit}`)
  }
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

function readText(cell: Exclude<Cell, null>, column: Extract<ColumnDef, { type: 'text' }>): Read<string> {
  const value = cellText(cell).trim()
  if (value.length > column.maxLength) return bad(`Máximo ${column.maxLength} caracteres`)
  if (column.alphanumeric && !TAG_PATTERN.test(value)) return bad(ALPHANUMERIC_MESSAGE)
  return ok(value)
}

// --- Rows -----------------------------------------------------------------------------------------

/**
 * One sheet row with its cells read by column. `get` returns the value, `undefined` for a blank cell
 * (or a missing column), and records the problem and returns undefined for a bad one.
 */
export class RowReader {
  failed = false
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
    this.problems.push({ row: this.sheetRow.row, column: this.header(key), message })
  }

  has(key: ColumnKey) {
    const i = this.index(key)
    return i >= 0 && (this.sheetRow.cells[i] ?? null) !== null
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
      return text(readText(cell, column))
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
    case 'bull':
      return bull(readBull(cell, column.natural === true, context))
  }
}

/** A bull id; REPASO (accepted only where natural service is) and blank are no bull. */
function numberOrNull(value: number | 'natural' | undefined) {
  return typeof value === 'number' ? value : null
}

const EVENT_NOUN: Record<EventKind, string> = {
  weighings: 'una pesada',
  'artificial-inseminations': 'una inseminación',
  'pregnancy-checks': 'un diagnóstico de gestación',
  preservices: 'un preservicio',
}
const FEMALE_ONLY: ReadonlySet<EventKind> = new Set([
  'artificial-inseminations',
  'pregnancy-checks',
  'preservices',
])

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
      if (kind === 'weighings') readAt = DEFAULT_WEIGHING_READ_AT
      else if (sessionDay > context.today) {
        r.problem('readAt', 'La sesión es de una fecha futura: indique la fecha')
      } else readAt = `${sessionDay} 00:00:00`
    }

    if (animal) {
      const column: ColumnKey = r.has('visualTag') ? 'visualTag' : 'electronicTag'
      const first = firstRowOf.get(animal.id)
      if (first !== undefined) r.problem(column, `El animal está repetido: ya está en la fila ${first}`)
      else firstRowOf.set(animal.id, r.row)
      if (herd.inSession.has(animal.id)) {
        r.problem(column, `El animal ya tiene ${EVENT_NOUN[kind]} en esta sesión`)
      }
      if (FEMALE_ONLY.has(kind) && animal.sex === 'Macho') {
        r.problem(column, `El animal ${animal.visualTag} es macho: no corresponde ${EVENT_NOUN[kind]}`)
      }
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
  weighings: (r) => {
    const weight = r.number('weight')
    const weighingTimeId = r.id('weighingTime') ?? null
    return weight === undefined ? undefined : { weight, weighingTimeId }
  },
  'artificial-inseminations': (r) => ({
    bullId: numberOrNull(r.bull('bull')),
    inseminatorId: r.id('inseminator') ?? null,
  }),
  'pregnancy-checks': (r, context) => {
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
  preservices: (r) => {
    const reproductiveGradeId = r.id('reproductiveGrade') ?? null
    const ovarianStatusId = r.id('ovarianStatus') ?? null
    if (!r.has('reproductiveGrade') && !r.has('ovarianStatus')) {
      r.problem('reproductiveGrade', 'Indique el GDR o el estado ovárico')
    }
    return { reproductiveGradeId, ovarianStatusId }
  },
}

/** The live animal a row names by IDV and/or IDE; problems recorded when none or two different. */
function resolveAnimal(r: RowReader, herd: EventHerd): HerdAnimal | undefined {
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
  mothers: Map<string, { id: string; visualTag: string; sex: Sex | null }>
}

/** A new animal, ready to insert (ids of the lookups, the mother resolved later to an id). */
export interface AnimalRecord {
  row: number
  visualTag: string
  electronicTag: string | null
  animalTypeId: number
  breedId: number
  colorId: number
  sexId: number | null
  dateOfBirth: string | null
  weightAtBirth: number | null
  birthTypeId: number | null
  rodeoId: number | null
  checkInTypeId: number
  origin: string | null
  cuig: string | null
  senasa: string | null
  fatherId: number | null
  /** The mother: a live animal's id, or the row of another animal of the file. */
  mother: { animalId: string } | { row: number } | null
}

/**
 * The per-row rules of a new animal (spec section 5, animal forms). The bulk upload's single place
 * for them; when the animal create form's schema (issue 5) lands, its rules should be shared here.
 */
export function animalRowRules(
  r: RowReader,
  context: LookupContext,
): Omit<AnimalRecord, 'row' | 'mother'> | undefined {
  const visualTag = r.text('visualTag')
  const electronicTag = r.text('electronicTag') ?? null
  const animalTypeId = r.id('category')
  const breedId = r.id('breed')
  const colorId = r.id('color')
  const checkInTypeId = r.id('checkInType')
  let sexId = r.id('sex') ?? null
  const dateOfBirth = r.text('dateOfBirth') ?? null
  const weightAtBirth = r.number('weightAtBirth') ?? null
  const birthTypeId = r.id('birthType') ?? null
  const rodeoId = r.id('rodeo') ?? null
  const origin = r.text('origin') || null
  const cuig = r.text('cuig') || null
  const senasa = r.text('senasa') || null
  const fatherId = numberOrNull(r.bull('father'))

  if (animalTypeId !== undefined) {
    // The category implies the sex: blank takes it, a contradiction is refused.
    const category = descriptionOf(context, 'animal_types', animalTypeId)
    const implied = Object.entries(SEX_OF_ANIMAL_TYPE).find(([name]) => name === category)?.[1]
    const impliedId = implied ? context.general.sexes?.get(normalizeValue(implied))?.id : undefined
    if (sexId === null && impliedId !== undefined) sexId = impliedId
    else if (sexId !== null && impliedId !== undefined && sexId !== impliedId) {
      r.problem('sex', `El sexo no corresponde a la categoría ${category} (${implied})`)
    }
  }
  if (
    visualTag === undefined ||
    animalTypeId === undefined ||
    breedId === undefined ||
    colorId === undefined ||
    checkInTypeId === undefined
  ) {
    return undefined
  }
  return {
    visualTag,
    electronicTag,
    animalTypeId,
    breedId,
    colorId,
    sexId,
    dateOfBirth,
    weightAtBirth,
    birthTypeId,
    rodeoId,
    checkInTypeId,
    origin,
    cuig,
    senasa,
    fatherId,
  }
}

function descriptionOf(context: LookupContext, table: GeneralLookup, id: number) {
  for (const value of context.general[table]?.values() ?? []) if (value.id === id) return value.description
  return undefined
}

/** New animals: the per-row rules, then the rules across rows and against the live herd. */
export function validateAnimalRows(
  rows: readonly SheetRow[],
  headers: readonly string[],
  context: LookupContext,
  herd: AnimalHerd,
): Validated<AnimalRecord> {
  const { columns } = TEMPLATES.animals
  const problems: RowProblem[] = []
  const parsed: { r: RowReader; record: ReturnType<typeof animalRowRules>; mother?: string }[] = []
  const rowOfVisual = new Map<string, number>()
  const rowOfElectronic = new Map<string, number>()
  const femaleId = context.general.sexes?.get('hembra')?.id

  for (const sheetRow of rows) {
    const r = new RowReader(sheetRow, columns, headers, context, problems)
    const record = animalRowRules(r, context)
    const mother = r.text('motherTag')
    if (record) {
      const visual = record.visualTag.toLowerCase()
      const first = rowOfVisual.get(visual)
      if (first !== undefined) r.problem('visualTag', `IDV repetido: ya está en la fila ${first}`)
      else rowOfVisual.set(visual, r.row)
      if (herd.visualTags.has(visual)) {
        r.problem('visualTag', `Ya existe un animal vivo con IDV ${record.visualTag} en el establecimiento`)
      }
      if (record.electronicTag) {
        const firstElectronic = rowOfElectronic.get(record.electronicTag)
        if (firstElectronic !== undefined)
          r.problem('electronicTag', `IDE repetido: ya está en la fila ${firstElectronic}`)
        else rowOfElectronic.set(record.electronicTag, r.row)
        if (herd.electronicTags.has(record.electronicTag)) {
          r.problem('electronicTag', `Ya existe un animal vivo con IDE ${record.electronicTag}`)
        }
      }
    }
    parsed.push({ r, record, mother })
  }

  const records: AnimalRecord[] = []
  for (const { r, record, mother } of parsed) {
    let motherRef: AnimalRecord['mother'] = null
    if (mother !== undefined) {
      const key = mother.toLowerCase()
      const inFile = rowOfVisual.get(key)
      const inHerd = herd.mothers.get(key)
      if (record && key === record.visualTag.toLowerCase()) {
        r.problem('motherTag', 'Un animal no puede ser su propia madre')
      } else if (inHerd) {
        if (inHerd.sex === 'Macho') r.problem('motherTag', `El animal ${inHerd.visualTag} no es hembra`)
        else motherRef = { animalId: inHerd.id }
      } else if (inFile !== undefined) {
        const motherRow = parsed.find((p) => p.r.row === inFile)?.record
        if (motherRow && motherRow.sexId !== null && motherRow.sexId !== femaleId) {
          r.problem('motherTag', `La madre (fila ${inFile}) no es hembra`)
        } else motherRef = { row: inFile }
      } else {
        r.problem(
          'motherTag',
          `No hay una hembra viva con IDV ${mother} en el establecimiento ni en el archivo`,
        )
      }
    }
    if (record && !r.failed) records.push({ ...record, row: r.row, mother: motherRef })
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
    for (const { cells } of rows) {
      const cell = cells[i]
      if (!cell || cell.t === 'e' || cell.t === 'd') continue
      if (key === 'electronicTag') {
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
