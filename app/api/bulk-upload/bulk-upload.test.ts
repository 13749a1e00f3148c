import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { staleInsightAggregates } from '~/db/insight-aggregates.testing.server'
import { testEngines } from '~/db/testing.server'
import type { RowProblem } from '~/features/bulk-upload/bulk-upload.schema'
import { MAX_PROBLEMS, MAX_UPLOAD_BYTES } from '~/features/bulk-upload/bulk-upload.templates'
import {
  createUploadTestApi,
  fillTemplate,
  makeZip,
  problemAt,
  type seedUploadFixtures,
  type TestCell,
  testElectronicTag,
  uploadForm,
  xlsxFile,
} from '~/features/bulk-upload/testing.server'
import { DEFAULT_WEIGHING_READ_AT } from '~/lib/record-rules'
import type { TestApi } from '../testing.server'

type Fixtures = Awaited<ReturnType<typeof seedUploadFixtures>>

const PATHS = {
  weighing: '/v2/weighings/bulk-upload',
  'artificial-insemination': '/v2/artificialinseminations/bulk-upload',
  'pregnancy-check': '/v2/pregnancy-checks/bulk-upload',
  preservice: '/v2/preservices/bulk-upload',
} as const
type Kind = keyof typeof PATHS

describe.each(testEngines())('bulk upload of events on %s', (engine) => {
  let t: TestApi
  let f: Fixtures
  let admin: string
  let member: string
  let outsider: string
  let root: string
  let eidA: number
  let eidB: number

  const post = (path: string, form: FormData, token = admin) =>
    t.request(path, { method: 'POST', token, body: form })

  /** Uploads `rows` in the template of `kind` into `session`; returns status and body. */
  async function upload(
    kind: Kind,
    rows: TestCell[][],
    options: { session?: number | string; token?: string; headers?: string[]; establishmentId?: number } = {},
  ) {
    const file = xlsxFile(fillTemplate(kind, rows, { headers: options.headers }))
    const session = options.session ?? defaultSession(kind)
    const response = await post(
      PATHS[kind],
      uploadForm(file, {
        establishmentId: String(options.establishmentId ?? eidA),
        cattle_handling_id: String(session),
      }),
      options.token,
    )
    return { status: response.status, body: await response.json() }
  }

  function defaultSession(kind: Kind) {
    return {
      weighing: f.sessions.weighing,
      'artificial-insemination': f.sessions.insemination,
      'pregnancy-check': f.sessions.pregnancy,
      preservice: f.sessions.preservice,
    }[kind]
  }

  async function count(table: 'weighings' | 'artificial_inseminations' | 'pregnancy_checks' | 'preservices') {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.db,
    )
    return rows[0]?.n ?? 0
  }

  async function auditCount() {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(t.db)
    return rows[0]?.n ?? 0
  }

  beforeAll(async () => {
    ;({
      t,
      f,
      eidA,
      eidB,
      tokens: { admin, member, outsider, root },
    } = await createUploadTestApi(engine))
  })
  afterAll(() => t.close())
  // Tablero's event aggregates follow every write of these tests (decision 044).
  afterEach(async () => expect(await staleInsightAggregates(t.db)).toEqual([]))

  it('records every weighing of a file made from the template, and audits each one', async () => {
    const audits = await auditCount()
    const { status, body } = await upload('weighing', [
      // IDV in another case, a real spreadsheet date with time.
      ['v-001', null, new Date(2025, 2, 15, 8, 30), 352.5, 'Destete'],
      // The electronic tag as a number that lost its leading zero; a text date; a decimal comma.
      [null, Number(testElectronicTag(2)), '15/03/2025', '298,5', 'destete'],
      // The 16-digit reader form; no date (the spec's default) and no moment.
      [null, `0${testElectronicTag(3)}`, null, 301, null],
      // Both tags of the same animal.
      ['V-004', testElectronicTag(4), '1/3/2025 07:05', 280, 'Control'],
    ])
    expect(status, JSON.stringify(body)).toBe(201)
    expect(body.message).toBe('Archivo cargado con éxito')
    expect(body.data.created).toBe(4)
    expect(body.data.ids).toHaveLength(4)
    expect(body.data.cattle_handling_id).toBe(f.sessions.weighing)

    const rows = await t.db
      .selectFrom('weighings')
      .select(['id', 'animal_id', 'read_at', 'weight', 'weighing_time_id', 'chute_order', 'created_by'])
      .where('id', 'in', body.data.ids)
      .orderBy('chute_order')
      .execute()
    const destete = f.id('weighing_times', 'Destete')
    expect(rows).toEqual([
      expect.objectContaining({
        animal_id: f.animalId('V-001'),
        read_at: '2025-03-15 08:30:00',
        weight: 352.5,
        weighing_time_id: destete,
        chute_order: 1,
      }),
      expect.objectContaining({
        animal_id: f.animalId('V-002'),
        read_at: '2025-03-15 00:00:00',
        weight: 298.5,
        weighing_time_id: destete,
        chute_order: 2,
      }),
      expect.objectContaining({
        animal_id: f.animalId('V-003'),
        read_at: DEFAULT_WEIGHING_READ_AT,
        weight: 301,
        weighing_time_id: null,
        chute_order: 3,
      }),
      expect.objectContaining({
        animal_id: f.animalId('V-004'),
        read_at: '2025-03-01 07:05:00',
        weight: 280,
        chute_order: 4,
      }),
    ])
    expect(rows.map((r) => r.id)).toEqual(body.data.ids)
    expect(rows.every((r) => r.created_by === t.users.admin)).toBe(true)
    // The triggers kept the animals' latest weighing.
    const cow = await t.db
      .selectFrom('animals')
      .select('last_weight')
      .where('id', '=', f.animalId('V-001'))
      .executeTakeFirstOrThrow()
    expect(cow.last_weight).toBe(352.5)
    // One audit row per weighing, and one for the file that they point at.
    expect(await auditCount()).toBe(audits + 5)
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'weighing')
      .where('entity_id', '=', String(body.data.ids[0]))
      .executeTakeFirstOrThrow()
    expect(audit).toMatchObject({
      user_id: t.users.admin,
      establishment_id: eidA,
      action: 'weighing_bulk_create',
      after: { animal_id: f.animalId('V-001'), weight: 352.5, sheet_row: 2 },
    })
    const fileAudit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', Number((audit.after as { upload: number }).upload))
      .executeTakeFirstOrThrow()
    expect(fileAudit).toMatchObject({
      user_id: t.users.admin,
      establishment_id: eidA,
      action: 'weighing_bulk_upload',
      entity: 'cattle_handling',
      entity_id: String(f.sessions.weighing),
      after: { file: 'planilla.xlsx', created: 4 },
    })
  })

  it('keeps a file name as its last path segment, at most 255 characters, once per upload', async () => {
    // About 1 MB of name (the multipart header allows megabytes), with a path in front.
    const name = `C:\\Users\\campo\\${'ñ'.repeat(1_000_000)}.xlsx`
    const file = xlsxFile(fillTemplate('weighing', [['V-005', null, '15/03/2025', 330, null]]), name)
    const response = await post(
      PATHS.weighing,
      uploadForm(file, { establishmentId: String(eidA), cattle_handling_id: String(f.sessions.weighing) }),
    )
    const body = await response.json()
    expect(response.status, JSON.stringify(body).slice(0, 300)).toBe(201)
    const { rows } = await sql<{ file: string; created: number }>`
      select after->>'file' as file, (after->>'created')::int as created from audit_log
      where action = 'weighing_bulk_upload' order by id desc limit 1
    `.execute(t.db)
    expect(rows[0]?.created).toBe(1)
    expect(rows[0]?.file).toBe('ñ'.repeat(255))
    // The record's own audit row carries no name at all.
    const { rows: record } = await sql<{ after: Record<string, unknown> }>`
      select after from audit_log where entity = 'weighing' and entity_id = ${String(body.data.ids[0])}
    `.execute(t.db)
    expect(record[0]?.after).not.toHaveProperty('file')
    expect(JSON.stringify(record[0]?.after).length).toBeLessThan(500)
  })

  it('records a file saved by LibreOffice Calc: real date cells, a tag stored as a number', async () => {
    const bytes = readFileSync(
      new URL('../../features/bulk-upload/fixtures/pesadas-libreoffice.xlsx', import.meta.url),
    )
    const response = await post(
      '/v2/weighings/bulk-upload',
      uploadForm(xlsxFile(new Uint8Array(bytes), 'pesadas-libreoffice.xlsx'), {
        establishmentId: String(eidA),
        cattle_handling_id: String(f.sessions.weighing),
      }),
    )
    const body = await response.json()
    expect(response.status, JSON.stringify(body)).toBe(201)
    expect(body.data.created).toBe(3)
    const rows = await t.db
      .selectFrom('weighings')
      .select(['animal_id', 'read_at', 'weight', 'weighing_time_id'])
      .where('id', 'in', body.data.ids)
      .orderBy('chute_order')
      .execute()
    expect(rows).toEqual([
      {
        animal_id: f.animalId('V-010'),
        read_at: '2025-03-16 08:30:00',
        weight: 355.5,
        weighing_time_id: f.id('weighing_times', 'Destete'),
      },
      {
        animal_id: f.animalId('V-011'),
        read_at: '2025-03-16 00:00:00',
        weight: 301,
        weighing_time_id: f.id('weighing_times', 'Control'),
      },
      {
        animal_id: f.animalId('V-012'),
        read_at: '2025-03-17 00:00:00',
        weight: 288.25,
        weighing_time_id: null,
      },
    ])
  })

  it('refuses an animal that already has a weighing in the session (the same file sent twice)', async () => {
    const { status, body } = await upload('weighing', [['V-001', null, '16/03/2025', 360, null]])
    expect(status).toBe(400)
    expect(problemAt(body, 2, 'IDV')).toBe('El animal ya tiene una pesada en esta sesión')
  })

  it('reports every weighing rule broken, by row and column, and writes nothing', async () => {
    const before = await count('weighings')
    const audits = await auditCount()
    const { status, body } = await upload('weighing', [
      ['NO-EXISTE', null, '10/03/2025', 300, null], // 2
      [null, '032999999999999', '10/03/2025', 300, null], // 3
      ['V-005', testElectronicTag(6), '10/03/2025', 300, null], // 4
      ['V-007', null, '10/03/2025', 5, null], // 5
      ['V-008', null, '10/03/2025', 'mucho', null], // 6
      ['V-009', null, '01/01/2099', 300, null], // 7
      ['V-010', null, '31/12/1899', 300, null], // 8
      ['V-011', null, '2025-13-45', 300, null], // 9
      ['V-012', null, '10/03/2025', 300, 'Ayer'], // 10
      ['V-013', null, '10/03/2025', 300, null], // 11
      ['v-013', null, '10/03/2025', 300, null], // 12
      [null, null, '10/03/2025', 300, null], // 13
      ['DEL-1', null, '10/03/2025', 300, null], // 14
      ['B-001', null, '10/03/2025', 300, null], // 15
      ['V-014', '12345', '10/03/2025', 300, null], // 16
      ['V-015', null, '10/03/2025', null, null], // 17
      ['V-016', null, '10/03/2025', 'mucho;', null], // 18 (a second bad number, the list keeps both)
    ])
    expect(status).toBe(400)
    expect(body.error).toMatch(/^La planilla tiene \d+ errores: no se guardó ninguna fila\.$/)
    expect(problemAt(body, 2, 'IDV')).toBe('No hay un animal vivo con IDV NO-EXISTE en el establecimiento')
    expect(problemAt(body, 3, 'IDE')).toBe(
      'No hay un animal vivo con IDE 032999999999999 en el establecimiento',
    )
    expect(problemAt(body, 4, 'IDE')).toBe('El IDE es del animal V-006, no del IDV V-005')
    expect(problemAt(body, 5, 'Peso')).toBe('Debe estar entre 10 y 1500 kg')
    expect(problemAt(body, 6, 'Peso')).toBe('Debe ser un número')
    expect(problemAt(body, 7, 'Fecha')).toBe('La fecha no puede ser futura')
    expect(problemAt(body, 8, 'Fecha')).toBe('La fecha no puede ser anterior al 01/01/1900')
    expect(problemAt(body, 9, 'Fecha')).toBe('Fecha inválida: use DD/MM/AAAA')
    expect(problemAt(body, 10, 'Momento de pesada')).toMatch(
      /^Valor no válido\. Opciones: Nacimiento, Destete/,
    )
    expect(problemAt(body, 11, 'IDV')).toBeUndefined()
    expect(problemAt(body, 12, 'IDV')).toBe('El animal está repetido: ya está en la fila 11')
    expect(problemAt(body, 13, 'IDV')).toBe('Indique el IDV o el IDE del animal')
    expect(problemAt(body, 14, 'IDV')).toBe('No hay un animal vivo con IDV DEL-1 en el establecimiento')
    expect(problemAt(body, 15, 'IDV')).toBe('No hay un animal vivo con IDV B-001 en el establecimiento')
    expect(problemAt(body, 16, 'IDE')).toBe('Debe tener 15 caracteres')
    expect(problemAt(body, 17, 'Peso')).toBe('Peso requerido')
    expect(body.rows.map((p: RowProblem) => p.row)).toEqual(
      [...body.rows.map((p: RowProblem) => p.row)].sort((a, b) => a - b),
    )
    expect(await count('weighings')).toBe(before)
    expect(await auditCount()).toBe(audits)
  })

  it('writes nothing when only the last of 500 rows is bad (all or nothing)', async () => {
    const before = await count('weighings')
    const audits = await auditCount()
    const lastWeight = await t.db
      .selectFrom('animals')
      .select('last_weight')
      .where('id', '=', f.animalId('V-020'))
      .executeTakeFirstOrThrow()
    // 19 cows in 25 sessions' worth of rows would repeat animals: one valid row per cow, then a bad one.
    const good: TestCell[][] = Array.from({ length: 15 }, (_, i) => [
      `V-${String(i + 5).padStart(3, '0')}`,
      null,
      '12/03/2025',
      300 + i,
      null,
    ])
    const { status, body } = await upload('weighing', [...good, ['V-020', null, '12/03/2025', 0, null]], {
      session: await newSession(7),
    })
    expect(status).toBe(400)
    expect(body.rows).toEqual([{ row: 17, column: 'Peso', message: 'Debe estar entre 10 y 1500 kg' }])
    expect(await count('weighings')).toBe(before)
    expect(await auditCount()).toBe(audits)
    const after = await t.db
      .selectFrom('animals')
      .select('last_weight')
      .where('id', '=', f.animalId('V-020'))
      .executeTakeFirstOrThrow()
    expect(after).toEqual(lastWeight)
  })

  async function newSession(work: 1 | 2 | 3 | 7, eid = eidA) {
    const row = await t.db
      .insertInto('cattle_handlings')
      .values({
        establishment_id: eid,
        name: `Sesión ${Math.random()}`,
        activity_date: '2025-03-10 00:00:00',
        cattle_handling_work: work,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  it('lists the first 200 problems and says how many more there were', async () => {
    const rows: TestCell[][] = Array.from({ length: 250 }, (_, i) => [
      `X-${i}`,
      null,
      '10/03/2025',
      300,
      null,
    ])
    const { status, body } = await upload('weighing', rows)
    expect(status).toBe(400)
    expect(body.rows).toHaveLength(MAX_PROBLEMS)
    expect(body.omitted).toBe(50)
    expect(body.error).toBe(
      'La planilla tiene 250 errores: no se guardó ninguna fila. Se muestran los primeros 200.',
    )
  })

  it('records inseminations with their bull and inseminator, and refuses males and unknown names', async () => {
    const ok = await upload('artificial-insemination', [
      ['V-001', null, '05/03/2025', 'toro 1', 'Juan Pérez'],
      ['V-002', null, '05/03/2025', 'Angus Max', 'maria'],
      ['V-003', null, null, null, null],
    ])
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    const rows = await t.db
      .selectFrom('artificial_inseminations')
      .select(['animal_id', 'bull_id', 'inseminator_id', 'read_at'])
      .where('id', 'in', ok.body.data.ids)
      .orderBy('chute_order')
      .execute()
    expect(rows).toEqual([
      {
        animal_id: f.animalId('V-001'),
        bull_id: f.bulls.get('Toro 1'),
        inseminator_id: f.inseminators.get('Juan Pérez'),
        read_at: '2025-03-05 00:00:00',
      },
      {
        animal_id: f.animalId('V-002'),
        bull_id: f.bulls.get('Angus Max'),
        inseminator_id: f.inseminators.get('María López'),
        read_at: '2025-03-05 00:00:00',
      },
      // No date: the session's day.
      { animal_id: f.animalId('V-003'), bull_id: null, inseminator_id: null, read_at: '2025-03-01 00:00:00' },
    ])

    const bad = await upload('artificial-insemination', [
      ['V-004', null, '05/03/2025', 'Toro B', null],
      ['V-005', null, '05/03/2025', null, 'Juan'],
      ['V-006', null, '05/03/2025', null, 'Pedro'],
      ['T-001', null, '05/03/2025', 'Toro 1', null],
      ['V-007', null, '05/03/2025', 'REPASO', null],
    ])
    expect(bad.status).toBe(400)
    expect(problemAt(bad.body, 2, 'Toro')).toBe('El toro "Toro B" no está configurado en el establecimiento')
    expect(problemAt(bad.body, 3, 'Inseminador')).toBe(
      'Hay más de un inseminador llamado "Juan": escriba nombre y apellido',
    )
    expect(problemAt(bad.body, 4, 'Inseminador')).toBe(
      'El inseminador "Pedro" no está configurado en el establecimiento',
    )
    expect(problemAt(bad.body, 5, 'IDV')).toBe('El animal T-001 es macho: no corresponde una inseminación')
    expect(problemAt(bad.body, 6, 'Toro')).toBe('REPASO corresponde solo al diagnóstico de gestación')
  })

  it('records pregnancy checks, with ultrasound and the service bull (or REPASO) on the animal', async () => {
    await t.db
      .updateTable('animals')
      .set({ service_bull_id: f.bulls.get('Angus Max') ?? null, service_date: '2025-01-10 00:00:00' })
      .where('id', '=', f.animalId('V-003'))
      .execute()
    const { status, body } = await upload('pregnancy-check', [
      ['V-001', null, '20/03/2025', 'IA', 'Sí', 'Toro 1'],
      ['V-002', null, '20/03/2025', 'vacia', 'no', null],
      ['V-003', null, '20/03/2025', 'Cabeza', null, 'repaso'],
      ['V-004', null, '20/03/2025', 'embrion', 'SI', null],
    ])
    expect(status, JSON.stringify(body)).toBe(201)
    const rows = await t.db
      .selectFrom('pregnancy_checks')
      .select(['animal_id', 'pregnancy_check_detail_id', 'is_ultrasound_scan'])
      .where('id', 'in', body.data.ids)
      .orderBy('chute_order')
      .execute()
    expect(rows).toEqual([
      {
        animal_id: f.animalId('V-001'),
        pregnancy_check_detail_id: f.id('pregnancy_check_details', 'IA'),
        is_ultrasound_scan: true,
      },
      {
        animal_id: f.animalId('V-002'),
        pregnancy_check_detail_id: f.id('pregnancy_check_details', 'Vacia'),
        is_ultrasound_scan: false,
      },
      {
        animal_id: f.animalId('V-003'),
        pregnancy_check_detail_id: f.id('pregnancy_check_details', 'Cabeza'),
        is_ultrasound_scan: false,
      },
      {
        animal_id: f.animalId('V-004'),
        pregnancy_check_detail_id: f.id('pregnancy_check_details', 'Embrión'),
        is_ultrasound_scan: true,
      },
    ])
    const service = await t.db
      .selectFrom('animals')
      .select(['visual_tag', 'service_bull_id', 'service_date', 'last_pregnancy_check_id'])
      .where('visual_tag', 'in', ['V-001', 'V-003'])
      .orderBy('visual_tag')
      .execute()
    expect(service).toEqual([
      {
        visual_tag: 'V-001',
        service_bull_id: f.bulls.get('Toro 1'),
        service_date: null,
        last_pregnancy_check_id: body.data.ids[0],
      },
      {
        visual_tag: 'V-003',
        service_bull_id: null,
        service_date: null,
        last_pregnancy_check_id: body.data.ids[2],
      },
    ])
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'animal_service_from_pregnancy_check')
      .where('entity_id', '=', f.animalId('V-003'))
      .executeTakeFirstOrThrow()
    expect(audit).toEqual({
      before: { service_bull_id: f.bulls.get('Angus Max'), service_date: '2025-01-10T00:00:00' },
      after: { service_bull_id: null, service_date: null },
    })
  })

  it('reports the pregnancy check rules', async () => {
    const { status, body } = await upload('pregnancy-check', [
      ['V-010', null, '20/03/2025', 'Vacia', 'No', 'Toro 1'],
      ['V-011', null, '20/03/2025', 'IA', 'No', 'REPASO'],
      ['V-012', null, '20/03/2025', null, 'No', null],
      ['V-013', null, '20/03/2025', 'Preñada', 'Tal vez', null],
      ['T-002', null, '20/03/2025', 'Cola', 'No', null],
    ])
    expect(status).toBe(400)
    expect(problemAt(body, 2, 'Toro IA')).toBe('Una vaca vacía no lleva toro')
    expect(problemAt(body, 3, 'Toro IA')).toBe('Una preñez por IA no es de servicio natural (REPASO)')
    expect(problemAt(body, 4, 'Diagnóstico')).toBe('Diagnóstico requerido')
    expect(problemAt(body, 5, 'Diagnóstico')).toBe(
      'Valor no válido. Opciones: Cabeza, Cuerpo, Cola, Vacia, IA, Embrión',
    )
    expect(problemAt(body, 5, 'Ecografía')).toBe('Indique Sí o No')
    expect(problemAt(body, 6, 'IDV')).toBe(
      'El animal T-002 es macho: no corresponde un diagnóstico de gestación',
    )
  })

  it('asks for the date when the session is dated in the future', async () => {
    const { status, body } = await upload('pregnancy-check', [['V-015', null, null, 'IA', 'No', null]], {
      session: f.sessions.futurePregnancy,
    })
    expect(status).toBe(400)
    expect(problemAt(body, 2, 'Fecha')).toBe('La sesión es de una fecha futura: indique la fecha')
  })

  it('records pre-services and needs GDR or ovarian status', async () => {
    const ok = await upload('preservice', [
      ['V-001', null, '02/03/2025', 3, 'anestro SUP'],
      ['V-002', null, '02/03/2025', null, 'Preñada'],
    ])
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    const rows = await t.db
      .selectFrom('preservices')
      .select(['reproductive_grade_id', 'ovarian_status_id'])
      .where('id', 'in', ok.body.data.ids)
      .orderBy('chute_order')
      .execute()
    expect(rows).toEqual([
      {
        reproductive_grade_id: f.id('reproductive_grades', '3'),
        ovarian_status_id: f.id('ovarian_statuses', 'Anestro sup'),
      },
      { reproductive_grade_id: null, ovarian_status_id: f.id('ovarian_statuses', 'Preñada') },
    ])
    const bad = await upload('preservice', [
      ['V-003', null, '02/03/2025', null, null],
      ['V-004', null, '02/03/2025', 5, 'Ciclando'],
    ])
    expect(bad.status).toBe(400)
    expect(problemAt(bad.body, 2, 'GDR')).toBe('Indique el GDR o el estado ovárico')
    expect(problemAt(bad.body, 3, 'GDR')).toBe('Valor no válido. Opciones: 1, 2, 3, 4')
  })

  it('matches headers ignoring case, accents and spacing, and reports unknown or missing columns', async () => {
    const ok = await upload('weighing', [[testElectronicTag(9), '09/03/2025', 410]], {
      headers: ['  caravana ELECTRONICA ', 'fecha', 'PESO (KG)'],
      session: await newSession(7),
    })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    const bad = await upload('weighing', [['V-001', 300, 'x']], { headers: ['IDV', 'Pesso', 'Notas'] })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe('Los encabezados de la planilla no corresponden a la planilla de ejemplo')
    expect(bad.body.rows).toEqual([
      {
        row: 1,
        column: 'Pesso',
        message:
          'Columna desconocida. Las columnas de esta planilla son: IDV, IDE, Fecha, Peso, Momento de pesada',
      },
      {
        row: 1,
        column: 'Notas',
        message:
          'Columna desconocida. Las columnas de esta planilla son: IDV, IDE, Fecha, Peso, Momento de pesada',
      },
      { row: 1, column: 'Peso', message: 'Falta la columna Peso' },
    ])
  })

  it('needs a session of the establishment and of the event type', async () => {
    for (const session of ['', 'null']) {
      const { status, body } = await upload('weighing', [['V-001', null, null, 300, null]], { session })
      expect(status).toBe(400)
      expect(body).toEqual({ error: 'Seleccione una sesión', rows: [], omitted: 0 })
    }
    const wrongType = await upload('weighing', [['V-001', null, null, 300, null]], {
      session: f.sessions.pregnancy,
    })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body.error).toBe('La sesión "Tacto marzo" no es de pesada: elija una sesión de ese tipo')
    const foreign = await upload('weighing', [['V-001', null, null, 300, null]], {
      session: f.sessions.weighingB,
    })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error).toBe('La sesión no existe en este establecimiento')
  })

  it('refuses a renamed text file, another zip, a damaged file and a missing file', async () => {
    const text = new File(['IDV;Peso\nV-001;300\n'], 'pesadas.xlsx')
    const docx = xlsxFile(
      makeZip([
        { name: '[Content_Types].xml', data: new TextEncoder().encode('<Types/>') },
        { name: 'word/document.xml', data: new Uint8Array(10) },
      ]),
    )
    const broken = xlsxFile(fillTemplate('weighing', [['V-001', null, null, 300, null]]).slice(0, 2000))
    for (const [file, message] of [
      [text, /^El archivo no es una planilla de Excel \(\.xlsx\)/],
      [docx, /^El archivo no es una planilla de Excel \(\.xlsx\)/],
      [broken, /^No se pudo leer la planilla/],
    ] as const) {
      const response = await post(
        PATHS.weighing,
        uploadForm(file, { establishmentId: String(eidA), cattle_handling_id: String(f.sessions.weighing) }),
      )
      expect(response.status, file.name).toBe(400)
      const body = await response.json()
      expect(body.error).toMatch(message)
      expect(body.rows).toEqual([])
    }
    const none = await post(
      PATHS.weighing,
      uploadForm(undefined, {
        establishmentId: String(eidA),
        cattle_handling_id: String(f.sessions.weighing),
      }),
    )
    expect(none.status).toBe(400)
    expect(await none.json()).toEqual({ error: 'Seleccione un archivo', rows: [] })
  })

  it('refuses a zip bomb in well under a second, before inflating it', async () => {
    // 40 MB of zeros deflate to about 40 KB: a 1000:1 ratio no spreadsheet has.
    const bomb = makeZip([
      { name: '[Content_Types].xml', data: new TextEncoder().encode('<Types/>') },
      { name: 'xl/workbook.xml', data: new TextEncoder().encode('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(40 * 1024 * 1024) },
    ])
    // And one that declares 4 GB in its central directory.
    const liar = makeZip([
      { name: '[Content_Types].xml', data: new TextEncoder().encode('<Types/>') },
      { name: 'xl/workbook.xml', data: new TextEncoder().encode('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: new Uint8Array(1000), declaredSize: 0xfffffffe },
    ])
    for (const bytes of [bomb, liar]) {
      expect(bytes.length).toBeLessThan(100 * 1024)
      const started = performance.now()
      const response = await post(
        PATHS.weighing,
        uploadForm(xlsxFile(bytes), {
          establishmentId: String(eidA),
          cattle_handling_id: String(f.sessions.weighing),
        }),
      )
      const elapsed = performance.now() - started
      expect(response.status).toBe(400)
      expect((await response.json()).error).toMatch(/^El archivo declara un contenido demasiado grande/)
      expect(elapsed).toBeLessThan(500)
    }
  })

  it('refuses a request over the size cap before reading it', async () => {
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 100 * 1024)], 'grande.xlsx')
    const response = await post(
      PATHS.weighing,
      uploadForm(big, { establishmentId: String(eidA), cattle_handling_id: String(f.sessions.weighing) }),
    )
    expect(response.status).toBe(413)
    expect((await response.json()).error).toBe('El archivo es demasiado grande (máximo 10 MB)')
  })

  it('lets only admins of the establishment and superadmins upload (403 for members and outsiders)', async () => {
    const before = await count('preservices')
    const rows: TestCell[][] = [['V-018', null, '02/03/2025', 2, null]]
    const asMember = await upload('preservice', rows, { token: member })
    expect(asMember.status).toBe(403)
    expect(asMember.body).toEqual({
      error: 'Solo un administrador del establecimiento puede hacer cargas masivas',
      rows: [],
      omitted: 0,
    })
    const asOutsider = await upload('preservice', rows, { token: outsider })
    expect(asOutsider.status).toBe(403)
    expect(asOutsider.body.rows).toEqual([])
    // A plain member of B is refused as not an admin, whatever session it names.
    const intoOwn = await upload('preservice', rows, { token: outsider, establishmentId: eidB })
    expect(intoOwn.status).toBe(403)
    // An admin of B naming its own establishment does not reach A's session: it is not B's (404).
    const membership = t.db
      .updateTable('establishment_members')
      .where('user_id', '=', t.users.outsider)
      .where('establishment_id', '=', eidB)
    await membership.set({ is_admin: true }).execute()
    try {
      const adminOfB = await upload('preservice', rows, { token: outsider, establishmentId: eidB })
      expect(adminOfB.status).toBe(404)
      expect(adminOfB.body.error).toBe('La sesión no existe en este establecimiento')
    } finally {
      await membership.set({ is_admin: false }).execute()
    }
    // Nor does an admin of A naming B.
    const adminIntoB = await upload('preservice', rows, {
      establishmentId: eidB,
      session: f.sessions.weighingB,
    })
    expect(adminIntoB.status).toBe(403)
    const anonymous = await post(
      PATHS.preservice,
      uploadForm(xlsxFile(fillTemplate('preservice', rows)), {
        establishmentId: String(eidA),
        cattle_handling_id: String(f.sessions.preservice),
      }),
      '',
    )
    expect(anonymous.status).toBe(401)
    expect(await count('preservices')).toBe(before)
    const asRoot = await upload('preservice', rows, { token: root })
    expect(asRoot.status).toBe(201)
    expect(await count('preservices')).toBe(before + 1)
  })
})
