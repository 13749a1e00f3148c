/**
 * The bulk uploads' database work: the file is checked (zip-guard), read in a worker (sheet-parser),
 * validated against the establishment's data (bulk-upload.rules) and written in one transaction,
 * set-based — every table gets one `insert … select from unnest(…)` whatever the number of rows, and
 * every created record gets its audit row from the same statement. Any problem rolls everything back.
 */
import { randomUUID } from 'node:crypto'
import { type RawBuilder, sql } from 'kysely'
import type { DB } from '~/db/database.server'
import type { CattleHandlingWork } from '~/db/schema'
import { analyzeAfterBulkWrite } from '~/db/upkeep.server'
import type { AnimalCreateRecord } from '~/features/animals/animal-record.schema'
import { EVENT_FIELDS, EVENT_KIND_INFO, type EventKind } from '~/features/events/event-kinds'
import type { Sex } from '~/features/lookups/lookup-values'
import { conflict, DomainError, invalid, notFound } from '~/lib/domain-errors'
import { farmToday } from '~/lib/record-rules'
import {
  type AnimalHerd,
  type AnimalRecord,
  type EventHerd,
  type EventRecord,
  type LookupContext,
  type SessionInfo,
  tagsOfRows,
  validateAnimalRows,
  validateEventRows,
} from './bulk-upload.rules'
import { BULK_MESSAGES, problemsSummary, type RowProblem } from './bulk-upload.schema'
import {
  type BulkKind,
  type GeneralLookup,
  MAX_PROBLEMS,
  MAX_UPLOAD_BYTES,
  normalizeValue,
  TEMPLATES,
} from './bulk-upload.templates'
import { parseSheet, SheetParserBusyError } from './sheet-parser.server'
import type { SheetRow } from './template-rows'
import { inspectZip } from './zip-guard.server'

/** The refusal of a file with problems: the answer lists the rows (API: `{ error, rows, omitted }`). */
export function problemsError(problems: RowProblem[], summary?: string) {
  const sorted = [...problems].sort((a, b) => a.row - b.row)
  const listed = sorted.slice(0, MAX_PROBLEMS)
  return new DomainError('invalid', summary ?? problemsSummary(sorted.length, listed.length), {
    rows: listed,
    omitted: sorted.length - listed.length,
  })
}

export function failWithProblems(problems: RowProblem[], summary?: string): never {
  throw problemsError(problems, summary)
}

// --- The file -------------------------------------------------------------------------------------

export interface ParsedUpload {
  rows: SheetRow[]
  headers: string[]
}

/** The size, format and zip checks, then the sheet read in a worker. Throws DomainErrors. */
export async function readUpload(file: Blob, kind: BulkKind): Promise<ParsedUpload> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new DomainError(
      'too-large',
      `${BULK_MESSAGES.tooLarge} (máximo ${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`,
    )
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const zip = inspectZip(bytes)
  if (!zip.ok) {
    if (zip.reason === 'tooLarge') throw invalid(BULK_MESSAGES.zipBomb)
    if (zip.reason === 'corrupt') throw invalid(BULK_MESSAGES.unreadable)
    throw invalid(BULK_MESSAGES.notXlsx)
  }
  let result: Awaited<ReturnType<typeof parseSheet>>
  try {
    result = await parseSheet(bytes, kind)
  } catch (error) {
    if (error instanceof SheetParserBusyError) throw new DomainError('unavailable', error.message)
    throw error
  }
  if (!result.ok) {
    if (result.problems.length > 0) failWithProblems(result.problems, result.error)
    throw invalid(result.error)
  }
  if (result.rows.length === 0) throw invalid(BULK_MESSAGES.emptyFile)
  return { rows: result.rows, headers: result.headers }
}

// --- Context --------------------------------------------------------------------------------------

/** The general lookups, rodeos, bulls and inseminators a template's columns need, in one query. */
export async function loadLookupContext(db: DB, establishmentId: number, kind: BulkKind, now: Date) {
  const columns = TEMPLATES[kind].columns
  const tables = new Set<GeneralLookup>()
  for (const column of columns) if (column.type === 'lookup') tables.add(column.table)
  // Sex is implied by the category of a new animal.
  if (kind === 'animals') tables.add('sexes')
  const generalTables = new Map<string, GeneralLookup>([...tables].map((table) => [table, table]))
  const parts: RawBuilder<unknown>[] = [...tables].map(
    (table) => sql`select ${table}::text as source, id, description from ${sql.table(table)}`,
  )
  const needs = (type: string) => columns.some((c) => c.type === type)
  if (needs('rodeo')) {
    parts.push(
      sql`select 'rodeos' as source, id, description from rodeos where establishment_id = ${establishmentId}`,
    )
  }
  if (needs('bull')) {
    parts.push(
      sql`select 'bulls' as source, id, alias as description from bulls where establishment_id = ${establishmentId}`,
    )
  }
  if (needs('rider')) {
    parts.push(
      sql`select 'riders' as source, id, description from riders where establishment_id = ${establishmentId}`,
    )
  }
  if (needs('inseminator')) {
    parts.push(sql`select 'inseminators' as source, id, trim(first_name || ' ' || last_name) as description
      from inseminators where establishment_id = ${establishmentId}`)
    parts.push(sql`select 'inseminator_first_names' as source, id, first_name as description
      from inseminators where establishment_id = ${establishmentId}`)
  }
  const context: LookupContext = {
    general: {},
    rodeos: new Map(),
    bulls: new Map(),
    inseminators: new Map(),
    riders: new Map(),
    today: farmToday(now),
  }
  if (parts.length === 0) return context
  const { rows } = await sql<{ source: string; id: number; description: string }>`
    ${sql.join(parts, sql` union all `)} order by 1, 2`.execute(db)
  const firstNames = new Map<string, number | null>()
  for (const row of rows) {
    const key = normalizeValue(row.description)
    if (row.source === 'rodeos') context.rodeos.set(key, row.id)
    else if (row.source === 'bulls') context.bulls.set(key, row.id)
    else if (row.source === 'inseminators') context.inseminators.set(key, row.id)
    else if (row.source === 'riders') context.riders.set(key, row.id)
    else if (row.source === 'inseminator_first_names') {
      firstNames.set(key, firstNames.has(key) ? null : row.id)
    } else {
      const table = generalTables.get(row.source)
      if (!table) continue
      let map = context.general[table]
      if (!map) {
        map = new Map()
        context.general[table] = map
      }
      map.set(key, { id: row.id, description: row.description })
    }
  }
  // A first name alone names an inseminator when no full name reads the same and it is unique.
  for (const [name, id] of firstNames) if (!context.inseminators.has(name)) context.inseminators.set(name, id)
  return context
}

/** The session of the upload: of the establishment, and of the event's work type. */
export async function findSession(
  db: DB,
  establishmentId: number,
  sessionId: number,
  work: CattleHandlingWork,
): Promise<SessionInfo> {
  const session = await db
    .selectFrom('cattle_handlings')
    .select(['id', 'cattle_handling_work', 'activity_date', 'name'])
    .where('id', '=', sessionId)
    .where('establishment_id', '=', establishmentId)
    // Two uploads into one session queue here, so "already in the session" holds for both.
    .forUpdate()
    .executeTakeFirst()
  if (!session) throw notFound(BULK_MESSAGES.sessionNotFound)
  if (session.cattle_handling_work !== work) {
    throw invalid(`La sesión "${session.name}" no es ${WORK_NOUN[work]}: elija una sesión de ese tipo`)
  }
  return { id: session.id, activityDate: session.activity_date }
}

const WORK_NOUN: Record<CattleHandlingWork, string> = {
  1: 'de inseminación',
  2: 'de diagnóstico de gestación',
  3: 'de preservicio',
  7: 'de pesada',
}

type SexRow = { sex: Sex | null }

/**
 * The establishment's animals (not deleted) a file names by IDV or IDE, with their check-out (a dead
 * one is refused by the rules). `lock`: held until the upload ends (the riders' treatments).
 */
export async function loadTaggedAnimals(
  db: DB,
  establishmentId: number,
  tags: { visual: string[]; electronic: string[] },
  options: { lock?: boolean } = {},
): Promise<EventHerd> {
  const { rows } = await sql<
    { id: string; visual_tag: string; electronic_tag: string | null } & SexRow & {
        check_out_type: string | null
        check_out_date: string | null
      }
  >`
    select a.id, a.visual_tag, a.electronic_tag, s.description as sex,
      cot.description as check_out_type, a.check_out_date
    from animals a
    left join sexes s on s.id = a.sex_id
    left join check_out_types cot on cot.id = a.check_out_type_id
    where a.establishment_id = ${establishmentId}
      and a.deleted_at is null
      and (lower(a.visual_tag) = any(${tags.visual}::text[]) or a.electronic_tag = any(${tags.electronic}::text[]))
    ${options.lock ? sql`for no key update of a` : sql``}
  `.execute(db)
  const herd: EventHerd = { byVisualTag: new Map(), byElectronicTag: new Map(), inSession: new Set() }
  for (const row of rows) {
    const animal = {
      id: row.id,
      visualTag: row.visual_tag,
      electronicTag: row.electronic_tag,
      sex: row.sex,
      checkOut: { type: row.check_out_type, date: row.check_out_date },
    }
    herd.byVisualTag.set(row.visual_tag.toLowerCase(), animal)
    if (row.electronic_tag) herd.byElectronicTag.set(row.electronic_tag, animal)
  }
  return herd
}

/** The animals of an event file, and which of them already have an event of the kind in the session. */
async function loadEventHerd(
  db: DB,
  establishmentId: number,
  kind: EventKind,
  sessionId: number,
  tags: { visual: string[]; electronic: string[] },
): Promise<EventHerd> {
  const herd = await loadTaggedAnimals(db, establishmentId, tags)
  const ids = [...new Set([...herd.byVisualTag.values(), ...herd.byElectronicTag.values()].map((a) => a.id))]
  if (ids.length > 0) {
    const { rows: present } = await sql<{ animal_id: string }>`
      select distinct animal_id from ${sql.table(EVENT_KIND_INFO[kind].table)}
      where cattle_handling_id = ${sessionId} and animal_id = any(${ids}::uuid[])
    `.execute(db)
    for (const row of present) herd.inSession.add(row.animal_id)
  }
  return herd
}

// --- Writing events -------------------------------------------------------------------------------

type SqlArray = {
  column: string
  type: 'uuid' | 'text' | 'timestamp' | 'numeric' | 'integer' | 'boolean'
  values: unknown[]
}

interface WriteMeta {
  establishmentId: number
  sessionId: number
  userId: number
  /** The audit row of the whole upload (`recordUpload`); every record's audit row points at it. */
  uploadId: number
}

/** How long a file's name may be in the audit (a file system's usual limit). */
export const FILE_NAME_MAX = 255

/**
 * The file's name as the audit keeps it: the last path segment (a browser may send a whole path)
 * cut to FILE_NAME_MAX characters (whole code points, so the cut never leaves half a character).
 */
export function uploadFileName(name: string) {
  // lastIndexOf, not a regular expression: the name may be megabytes long.
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1)
  return Array.from(base.slice(0, FILE_NAME_MAX * 2))
    .slice(0, FILE_NAME_MAX)
    .join('')
}

/**
 * One audit row for the whole file (who, which file, how many records, into which session), written
 * in the upload's transaction; each record's own audit row refers to it by id rather than repeating
 * the file's name.
 */
export async function recordUpload(
  db: DB,
  input: {
    action: string
    entity: 'cattle_handling' | 'establishment'
    entityId: number
    establishmentId: number
    userId: number
    fileName: string
    created: number
  },
) {
  const row = await db
    .insertInto('audit_log')
    .values({
      user_id: input.userId,
      establishment_id: input.establishmentId,
      action: input.action,
      entity: input.entity,
      entity_id: String(input.entityId),
      after: JSON.stringify({ file: uploadFileName(input.fileName), created: input.created }),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

/** The table and the audit's entity name are the kind's (event-kinds.ts); the columns, its fields'. */
interface EventWrite<K extends EventKind> {
  columns: (records: EventRecord<K>[]) => SqlArray[]
  /** More writes of the same upload, in its transaction. */
  after?: (db: DB, records: EventRecord<K>[], meta: WriteMeta) => Promise<void>
}

const F = EVENT_FIELDS
const EVENT_WRITES: { [K in EventKind]: EventWrite<K> } = {
  weighing: {
    columns: (records) => [
      { column: F.weighing.weight.column, type: 'numeric', values: records.map((r) => r.fields.weight) },
      {
        column: F.weighing.weighingTime.column,
        type: 'integer',
        values: records.map((r) => r.fields.weighingTimeId),
      },
    ],
  },
  'artificial-insemination': {
    columns: (records) => [
      {
        column: F['artificial-insemination'].bull.column,
        type: 'integer',
        values: records.map((r) => r.fields.bullId),
      },
      {
        column: F['artificial-insemination'].inseminator.column,
        type: 'integer',
        values: records.map((r) => r.fields.inseminatorId),
      },
    ],
  },
  'pregnancy-check': {
    columns: (records) => [
      {
        column: F['pregnancy-check'].detail.column,
        type: 'integer',
        values: records.map((r) => r.fields.detailId),
      },
      {
        column: F['pregnancy-check'].ultrasound.column,
        type: 'boolean',
        values: records.map((r) => r.fields.ultrasound),
      },
    ],
    after: (db, records, meta) => updateServiceBulls(db, records, meta),
  },
  preservice: {
    columns: (records) => [
      {
        column: F.preservice.grade.column,
        type: 'integer',
        values: records.map((r) => r.fields.reproductiveGradeId),
      },
      {
        column: F.preservice.ovarian.column,
        type: 'integer',
        values: records.map((r) => r.fields.ovarianStatusId),
      },
    ],
  },
}

/** `unnest($1::uuid[], $2::integer[], …) with ordinality as input(col1, col2, …, ord)`: one parameter per column. */
function unnestInput(arrays: SqlArray[]) {
  const params = arrays.map((a) => sql`${a.values}::${sql.raw(a.type)}[]`)
  const names = arrays.map((a) => sql.ref(a.column))
  return sql`unnest(${sql.join(params)}) with ordinality as input(${sql.join(names)}, ord)`
}

/** Insert and audit every event of the file with one statement; returns their ids in row order. */
async function insertEvents<K extends EventKind>(
  db: DB,
  kind: K,
  records: EventRecord<K>[],
  meta: WriteMeta,
) {
  const write = EVENT_WRITES[kind]
  const { table: tableName, entity } = EVENT_KIND_INFO[kind]
  const arrays: SqlArray[] = [
    { column: 'animal_id', type: 'uuid', values: records.map((r) => r.animalId) },
    { column: 'read_at', type: 'timestamp', values: records.map((r) => r.readAt) },
    { column: 'sheet_row', type: 'integer', values: records.map((r) => r.row) },
    ...write.columns(records),
  ]
  const specific = arrays.slice(3).map((a) => a.column)
  const insertColumns = ['animal_id', 'read_at', ...specific].map((c) => sql.ref(c))
  const selectColumns = ['animal_id', 'read_at', ...specific].map((c) => sql.ref(`input.${c}`))
  const afterPairs = ['animal_id', 'read_at', ...specific].flatMap((c) => [sql.lit(c), sql.ref(`c.${c}`)])
  const table = sql.table(tableName)
  const { rows } = await sql<{ id: number }>`
    with base as (
      select coalesce(max(chute_order), 0) as last from ${table} where cattle_handling_id = ${meta.sessionId}
    ),
    input as (select * from ${unnestInput(arrays)}),
    created as (
      insert into ${table} (establishment_id, cattle_handling_id, created_by, chute_order, ${sql.join(insertColumns)})
      select ${meta.establishmentId}, ${meta.sessionId}, ${meta.userId}, base.last + input.ord, ${sql.join(selectColumns)}
      from input cross join base
      order by input.ord
      returning *
    ),
    audited as (
      insert into audit_log (user_id, establishment_id, action, entity, entity_id, after)
      select ${meta.userId}, ${meta.establishmentId}, ${`${entity}_bulk_create`}, ${entity}, c.id::text,
        jsonb_build_object(${sql.join(afterPairs)}, 'cattle_handling_id', c.cattle_handling_id,
          'chute_order', c.chute_order, 'sheet_row', input.sheet_row, 'upload', ${meta.uploadId}::bigint)
      from created c
      join input on input.ord = c.chute_order - (select last from base)
      returning 1
    )
    select id from created order by chute_order
  `.execute(db)
  return rows.map((r) => Number(r.id))
}

/**
 * A pregnancy check may name the bull of the service (or REPASO, natural service): it becomes the
 * animal's service bull, audited like any change of an animal. A blank cell leaves the animal alone.
 */
async function updateServiceBulls(db: DB, records: EventRecord<'pregnancy-check'>[], meta: WriteMeta) {
  const named = records.filter((r) => r.fields.service !== undefined)
  if (named.length === 0) return
  const ids = named.map((r) => r.animalId)
  const bulls = named.map((r) => (r.fields.service === 'natural' ? null : r.fields.service))
  const natural = named.map((r) => r.fields.service === 'natural')
  await sql`
    with input as (
      select * from unnest(${ids}::uuid[], ${bulls}::integer[], ${natural}::boolean[]) as input(animal_id, bull_id, is_natural)
    ),
    targets as (
      select a.id, a.service_bull_id as before_bull, a.service_date as before_date, input.bull_id, input.is_natural
      from animals a join input on input.animal_id = a.id
      where a.establishment_id = ${meta.establishmentId}
      for no key update of a
    ),
    changed as (
      update animals a
      set service_bull_id = t.bull_id,
          -- Natural service has no known date; a bull of an AI keeps the date of the AI.
          service_date = case when t.is_natural then null else a.service_date end,
          updated_at = now(), updated_by = ${meta.userId}, version = a.version + 1
      from targets t
      where a.id = t.id and (a.service_bull_id is distinct from t.bull_id or (t.is_natural and a.service_date is not null))
      returning a.id, t.before_bull, t.before_date, a.service_bull_id, a.service_date
    )
    insert into audit_log (user_id, establishment_id, action, entity, entity_id, before, after)
    select ${meta.userId}, ${meta.establishmentId}, 'animal_service_from_pregnancy_check', 'animal', c.id::text,
      jsonb_build_object('service_bull_id', c.before_bull, 'service_date', c.before_date),
      jsonb_build_object('service_bull_id', c.service_bull_id, 'service_date', c.service_date)
    from changed c
  `.execute(db)
}

export interface EventUploadInput<K extends EventKind> {
  kind: K
  establishmentId: number
  sessionId: number
  userId: number
  fileName: string
  upload: ParsedUpload
  now?: Date
}

/** Validates and writes the events of a parsed file in one transaction: all rows, or none. */
export async function writeEventUpload<K extends EventKind>(db: DB, input: EventUploadInput<K>) {
  const { kind, establishmentId, sessionId, userId, upload } = input
  const template = TEMPLATES[kind]
  const work = template.work
  if (work === undefined) throw new Error(`${kind} no es un evento`)
  const written = await db.transaction().execute(async (trx) => {
    const session = await findSession(trx, establishmentId, sessionId, work)
    const context = await loadLookupContext(trx, establishmentId, kind, input.now ?? new Date())
    const tags = tagsOfRows(upload.rows, template.columns, ['visualTag', 'electronicTag'])
    const herd = await loadEventHerd(trx, establishmentId, kind, session.id, tags)
    const { records, problems } = validateEventRows(kind, upload.rows, upload.headers, context, herd, session)
    if (problems.length > 0) failWithProblems(problems)
    const uploadId = await recordUpload(trx, {
      action: `${EVENT_KIND_INFO[kind].entity}_bulk_upload`,
      entity: 'cattle_handling',
      entityId: session.id,
      establishmentId,
      userId,
      fileName: input.fileName,
      created: records.length,
    })
    const meta: WriteMeta = { establishmentId, sessionId: session.id, userId, uploadId }
    const ids = await insertEvents(trx, kind, records, meta)
    await EVENT_WRITES[kind].after?.(trx, records, meta)
    return { created: ids.length, ids, cattle_handling_id: session.id }
  })
  await analyzeAfterBulkWrite(db, ['animals', EVENT_KIND_INFO[kind].table])
  return written
}

// --- Writing animals ------------------------------------------------------------------------------

async function loadAnimalHerd(db: DB, establishmentId: number, rows: SheetRow[]): Promise<AnimalHerd> {
  const columns = TEMPLATES.animals.columns
  const own = tagsOfRows(rows, columns, ['visualTag', 'electronicTag'])
  const mothers = tagsOfRows(rows, columns, ['motherTag'])
  const { rows: found } = await sql<{
    id: string
    visual_tag: string
    electronic_tag: string | null
    same_establishment: boolean
    sex: Sex | null
    category: string | null
    departed: boolean
  }>`
    select a.id, a.visual_tag, a.electronic_tag, a.establishment_id = ${establishmentId} as same_establishment,
      s.description as sex, t.description as category, a.check_out_date is not null as departed
    from animals a
    left join sexes s on s.id = a.sex_id
    left join animal_types t on t.id = a.animal_type_id
    where a.deleted_at is null and (
      (a.establishment_id = ${establishmentId}
        and lower(a.visual_tag) = any(${[...own.visual, ...mothers.visual]}::text[]))
      or a.electronic_tag = any(${own.electronic}::text[])
    )
  `.execute(db)
  const herd: AnimalHerd = { visualTags: new Set(), electronicTags: new Set(), mothers: new Map() }
  const motherTags = new Set(mothers.visual)
  for (const row of found) {
    if (row.electronic_tag) herd.electronicTags.add(row.electronic_tag)
    if (!row.same_establishment) continue
    const key = row.visual_tag.toLowerCase()
    herd.visualTags.add(key)
    if (motherTags.has(key)) {
      herd.mothers.set(key, {
        id: row.id,
        visualTag: row.visual_tag,
        sex: row.sex,
        category: row.category,
        departed: row.departed,
      })
    }
  }
  return herd
}

const UNIQUE_VIOLATION = '23505'

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION
}

export interface AnimalUploadInput {
  establishmentId: number
  userId: number
  fileName: string
  upload: ParsedUpload
  now?: Date
}

/** Validates and creates the animals of a parsed file in one transaction: all of them, or none. */
export async function writeAnimalUpload(db: DB, input: AnimalUploadInput) {
  const { establishmentId, userId, upload } = input
  const now = input.now ?? new Date()
  try {
    const written = await db.transaction().execute(async (trx) => {
      const context = await loadLookupContext(trx, establishmentId, 'animals', now)
      const herd = await loadAnimalHerd(trx, establishmentId, upload.rows)
      const { records, problems } = validateAnimalRows(upload.rows, upload.headers, context, herd)
      if (problems.length > 0) failWithProblems(problems)
      const uploadId = await recordUpload(trx, {
        action: 'animal_bulk_upload',
        entity: 'establishment',
        entityId: establishmentId,
        establishmentId,
        userId,
        fileName: input.fileName,
        created: records.length,
      })
      const ids = await insertAnimals(trx, records, { establishmentId, userId, uploadId })
      return { created: ids.length, ids }
    })
    await analyzeAfterBulkWrite(db, ['animals'])
    return written
  } catch (error) {
    // Another request created an animal with one of the tags after this one checked them.
    if (isUniqueViolation(error)) {
      throw conflict(
        'Otro usuario registró un animal con uno de estos IDV o IDE mientras se procesaba el archivo: vuelva a enviarlo.',
      )
    }
    throw error
  }
}

async function insertAnimals(
  db: DB,
  records: AnimalRecord[],
  meta: { establishmentId: number; userId: number; uploadId: number },
) {
  // Ids are chosen here so that a mother further down the same file can be named before she exists.
  const ids = records.map(() => randomUUID())
  const idOfRow = new Map(records.map((r, i) => [r.row, ids[i]]))
  const mothers = records.map((r) => {
    if (!r.mother) return null
    return 'animalId' in r.mother ? r.mother.animalId : (idOfRow.get(r.mother.row) ?? null)
  })
  const column = <K extends keyof AnimalCreateRecord>(key: K) => records.map((r) => r.record[key])
  const arrays: SqlArray[] = [
    { column: 'id', type: 'uuid', values: ids },
    { column: 'sheet_row', type: 'integer', values: records.map((r) => r.row) },
    { column: 'visual_tag', type: 'text', values: column('visual_tag') },
    { column: 'electronic_tag', type: 'text', values: column('electronic_tag') },
    { column: 'animal_type_id', type: 'integer', values: column('animal_type_id') },
    { column: 'breed_id', type: 'integer', values: column('breed_id') },
    { column: 'color_id', type: 'integer', values: column('color_id') },
    { column: 'sex_id', type: 'integer', values: column('gender') },
    { column: 'date_of_birth', type: 'timestamp', values: column('date_of_birth') },
    { column: 'weight_at_birth', type: 'numeric', values: column('weight_at_birth') },
    { column: 'birth_type_id', type: 'integer', values: column('birth_type_id') },
    { column: 'rodeo_id', type: 'integer', values: column('rodeo_id') },
    { column: 'check_in_type_id', type: 'integer', values: column('check_in_type_id') },
    { column: 'origin', type: 'text', values: column('origin') },
    { column: 'cuig', type: 'text', values: column('cuig') },
    { column: 'senasa', type: 'text', values: column('senasa') },
    { column: 'father_id', type: 'integer', values: column('father_id') },
    { column: 'mother_id', type: 'uuid', values: mothers },
  ]
  const columns = arrays.filter((a) => a.column !== 'sheet_row').map((a) => a.column)
  const afterPairs = columns.filter((c) => c !== 'id').flatMap((c) => [sql.lit(c), sql.ref(`input.${c}`)])
  await sql`
    with input as (select * from ${unnestInput(arrays)}),
    created as (
      insert into animals (establishment_id, check_in_date, created_by, updated_by, ${sql.join(columns.map((c) => sql.ref(c)))})
      -- Entered now, as an animal created with the form (issue 5).
      select ${meta.establishmentId}, localtimestamp(0), ${meta.userId}, ${meta.userId}, ${sql.join(columns.map((c) => sql.ref(`input.${c}`)))}
      from input
      order by input.ord
      returning id
    )
    insert into audit_log (user_id, establishment_id, action, entity, entity_id, after)
    select ${meta.userId}, ${meta.establishmentId}, 'animal_bulk_create', 'animal', c.id::text,
      jsonb_build_object(${sql.join(afterPairs)}, 'sheet_row', input.sheet_row, 'upload', ${meta.uploadId}::bigint)
    from created c join input on input.id = c.id
  `.execute(db)
  return ids
}
