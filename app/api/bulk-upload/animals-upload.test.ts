import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import {
  createUploadTestApi,
  fillTemplate,
  problemAt,
  type seedUploadFixtures,
  type TestCell,
  testElectronicTag,
  uploadForm,
  xlsxFile,
} from '~/features/bulk-upload/testing.server'
import { farmToday } from '~/lib/record-rules'
import type { TestApi } from '../testing.server'

/**
 * Animals template columns: IDV, IDE, Categoría, Raza, Color, Sexo, Fecha de nacimiento, Peso al
 * nacer, Tipo de parto, Rodeo, Tipo de ingreso, Origen, CUIG, SENASA, IDV madre, Toro padre.
 */
function animalRow(visualTag: string | null, overrides: Partial<Record<string, TestCell>> = {}): TestCell[] {
  const base: Record<string, TestCell> = {
    idv: visualTag,
    ide: null,
    category: 'Vaca',
    breed: 'Angus',
    color: 'negro',
    sex: null,
    birth: '10/09/2019',
    birthWeight: null,
    birthType: null,
    rodeo: 'General',
    checkIn: 'Compra',
    origin: 'Remate Rosario',
    cuig: null,
    senasa: null,
    mother: null,
    father: null,
    ...overrides,
  }
  return [
    base.idv,
    base.ide,
    base.category,
    base.breed,
    base.color,
    base.sex,
    base.birth,
    base.birthWeight,
    base.birthType,
    base.rodeo,
    base.checkIn,
    base.origin,
    base.cuig,
    base.senasa,
    base.mother,
    base.father,
  ].map((v) => v ?? null)
}

describe.each(testEngines())('bulk upload of animals on %s', (engine) => {
  let t: TestApi
  let f: Awaited<ReturnType<typeof seedUploadFixtures>>
  let admin: string
  let member: string
  let outsider: string
  let root: string
  let eidA: number
  let eidB: number

  async function upload(rows: TestCell[][], options: { token?: string; establishmentId?: number } = {}) {
    const response = await t.request(
      `/v3/establishments/${options.establishmentId ?? eidA}/animals/bulk-upload`,
      {
        method: 'POST',
        token: options.token ?? admin,
        body: uploadForm(xlsxFile(fillTemplate('animals', rows), 'Animales.xlsx')),
      },
    )
    return { status: response.status, body: await response.json() }
  }

  async function liveCount() {
    const { rows } = await sql<{
      n: number
    }>`select count(*)::int as n from animals where deleted_at is null`.execute(t.db)
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

  it('creates every animal of the file, with its mother from the herd or from the file', async () => {
    const { status, body } = await upload([
      animalRow('N-001', { ide: Number('048000000000001'), sex: 'hembra', cuig: 'AB-12', senasa: 'S 1' }),
      // A calf born here, whose mother is the cow of the previous row; its sex comes from the category.
      animalRow('N-002', {
        category: 'Ternero',
        birth: new Date(2025, 7, 2),
        birthWeight: 32,
        birthType: 'Normal',
        checkIn: 'Nacimiento',
        mother: 'n-001',
        father: 'Toro 1',
        rodeo: 'recria',
        color: 'Colorado',
      }),
      animalRow('N-003', { category: 'Ternera', mother: 'V-001', checkIn: 'Nacimiento', birth: null }),
    ])
    expect(status, JSON.stringify(body)).toBe(201)
    expect(body.data.created).toBe(3)
    const created = await t.db
      .selectFrom('animals')
      .select([
        'id',
        'visual_tag',
        'electronic_tag',
        'animal_type_id',
        'sex_id',
        'color_id',
        'rodeo_id',
        'mother_id',
        'father_id',
        'date_of_birth',
        'weight_at_birth',
        'check_in_type_id',
        'check_in_date',
        'cuig',
        'senasa',
        'origin',
        'current_status_id',
        'created_by',
      ])
      .where('id', 'in', body.data.ids)
      .orderBy('visual_tag')
      .execute()
    const [cow, calf, heifer] = created
    expect(created.map((a) => a.id)).toEqual(body.data.ids)
    expect(cow).toMatchObject({
      visual_tag: 'N-001',
      electronic_tag: '048000000000001',
      sex_id: f.id('sexes', 'Hembra'),
      cuig: 'AB-12',
      senasa: 'S 1',
      origin: 'Remate Rosario',
      date_of_birth: '2019-09-10 00:00:00',
      check_in_type_id: f.id('check_in_types', 'Compra'),
      // Entered at the upload, as an animal created with the form.
      check_in_date: expect.stringMatching(new RegExp(`^${farmToday()} `)),
      created_by: t.users.admin,
    })
    expect(calf).toMatchObject({
      animal_type_id: f.id('animal_types', 'Ternero'),
      sex_id: f.id('sexes', 'Macho'),
      color_id: f.id('colors', 'colorado'),
      mother_id: cow?.id,
      father_id: f.bulls.get('Toro 1'),
      date_of_birth: '2025-08-02 00:00:00',
      weight_at_birth: 32,
    })
    const rodeo = await t.db
      .selectFrom('rodeos')
      .select('description')
      .where('id', '=', calf?.rodeo_id ?? -1)
      .executeTakeFirstOrThrow()
    expect(rodeo.description).toBe('Recría')
    expect(heifer).toMatchObject({ mother_id: f.animalId('V-001'), sex_id: f.id('sexes', 'Hembra') })
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'after'])
      .where('entity_id', 'in', body.data.ids)
      .execute()
    expect(audit).toHaveLength(3)
    expect(audit[0]).toMatchObject({ action: 'animal_bulk_create', entity: 'animal' })
    const uploads = new Set(audit.map((row) => (row.after as { upload: number }).upload))
    expect(uploads.size).toBe(1)
    const fileAudit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity', 'entity_id', 'after'])
      .where('id', '=', Number([...uploads][0]))
      .executeTakeFirstOrThrow()
    expect(fileAudit).toEqual({
      action: 'animal_bulk_upload',
      entity: 'establishment',
      entity_id: String(eidA),
      after: { file: 'Animales.xlsx', created: 3 },
    })
  })

  it('reports every animal rule broken, by row and column, and creates none', async () => {
    const before = await liveCount()
    const { status, body } = await upload([
      animalRow(null), // 2
      animalRow('M-002', { category: null }), // 3
      animalRow('M-003', { breed: null }), // 4
      animalRow('M-004', { color: null }), // 5
      animalRow('M-005', { checkIn: null }), // 6
      animalRow('M-006', { ide: '12345' }), // 7
      animalRow('M-007'), // 8
      animalRow('m-007'), // 9
      animalRow('V-001'), // 10
      animalRow('M-010', { ide: testElectronicTag(900) }), // 11: the tag of B's animal
      animalRow('M-011', { rodeo: 'Inexistente' }), // 12
      animalRow('M-012', { mother: 'NADIE' }), // 13
      animalRow('M-013', { mother: 'T-001' }), // 14
      animalRow('M-014', { category: 'Toro', sex: 'Hembra' }), // 15
      animalRow('M-015', { birth: '01/01/2099' }), // 16
      animalRow('M-016', { birthWeight: 500 }), // 17
      animalRow('M-017', { cuig: 'A'.repeat(101) }), // 18
      animalRow('M 018!'), // 19
      animalRow('M-019', { color: 'azul' }), // 20
      animalRow('M-020', { mother: 'M-020' }), // 21
      animalRow('M-021', { ide: testElectronicTag(1) }), // 22: a live cow of A has it
      animalRow('M-022', { ide: testElectronicTag(1) }), // 23: and repeated in the file
      animalRow('M-023', { father: 'Toro B' }), // 24
      animalRow('M-024', { checkIn: 'Regalo' }), // 25
    ])
    expect(status).toBe(400)
    expect(problemAt(body, 2, 'IDV')).toBe('IDV Requerido')
    expect(problemAt(body, 3, 'Categoría')).toBe('Categoria Requerida')
    expect(problemAt(body, 4, 'Raza')).toBe('Raza Requerida')
    expect(problemAt(body, 5, 'Color')).toBe('Color Requerido')
    expect(problemAt(body, 6, 'Tipo de ingreso')).toBe('Check-in Requerido')
    expect(problemAt(body, 7, 'IDE')).toBe('Debe tener 15 caracteres')
    expect(problemAt(body, 8, 'IDV')).toBeUndefined()
    expect(problemAt(body, 9, 'IDV')).toBe('IDV repetido: ya está en la fila 8')
    expect(problemAt(body, 10, 'IDV')).toBe(
      'IDV: ya existe un animal con la caravana visual V-001 en este establecimiento',
    )
    expect(problemAt(body, 11, 'IDE')).toBe(
      `RFID: la caravana electrónica ${testElectronicTag(900)} ya está asignada a otro animal`,
    )
    expect(problemAt(body, 12, 'Rodeo')).toBe('El rodeo "Inexistente" no existe en el establecimiento')
    expect(problemAt(body, 13, 'IDV madre')).toBe(
      'No hay una hembra viva con IDV NADIE en el establecimiento ni en el archivo',
    )
    expect(problemAt(body, 14, 'IDV madre')).toBe('Madre: el animal elegido no es una hembra')
    expect(problemAt(body, 15, 'Sexo')).toBe('Sexo: la categoría Toro corresponde a Macho')
    expect(problemAt(body, 16, 'Fecha de nacimiento')).toBe('No puede ser una fecha futura')
    expect(problemAt(body, 17, 'Peso al nacer')).toBe('Debe estar entre 5 y 90 kg')
    expect(problemAt(body, 18, 'CUIG')).toBe('Admite hasta 100 caracteres')
    expect(problemAt(body, 19, 'IDV')).toBe('Solo se permiten valores alfanuméricos, espacios o guion')
    expect(problemAt(body, 20, 'Color')).toBe('Valor no válido. Opciones: negro, colorado, otro')
    expect(problemAt(body, 21, 'IDV madre')).toBe('Madre: un animal no puede ser su propia madre')
    expect(problemAt(body, 22, 'IDE')).toBe(
      `RFID: la caravana electrónica ${testElectronicTag(1)} ya está asignada a otro animal`,
    )
    expect(problemAt(body, 23, 'IDE')).toBe('IDE repetido: ya está en la fila 22')
    expect(problemAt(body, 24, 'Toro padre')).toBe(
      'El toro "Toro B" no está configurado en el establecimiento',
    )
    expect(problemAt(body, 25, 'Tipo de ingreso')).toBe(
      'Valor no válido. Opciones: Nacimiento, Compra, Traslado',
    )
    expect(await liveCount()).toBe(before)
  })

  it('creates nothing when only the last row is bad', async () => {
    const before = await liveCount()
    const rows = Array.from({ length: 300 }, (_, i) => animalRow(`L-${i}`))
    rows.push(animalRow('L-last', { breed: 'Dálmata' }))
    const { status, body } = await upload(rows)
    expect(status).toBe(400)
    expect(body.rows).toEqual([
      {
        row: 302,
        column: 'Raza',
        message: expect.stringMatching(/^Valor no válido\. Opciones: Angus, Hereford/),
      },
    ])
    expect(await liveCount()).toBe(before)
  })

  it('lets a tag of a deleted animal be used again', async () => {
    const { status, body } = await upload([animalRow('DEL-1', { ide: testElectronicTag(800) })])
    expect(status, JSON.stringify(body)).toBe(201)
  })

  it('lets only admins of the establishment and superadmins create animals in bulk', async () => {
    const before = await liveCount()
    const asMember = await upload([animalRow('R-001')], { token: member })
    expect(asMember.status).toBe(403)
    expect(asMember.body.error).toBe('Solo un administrador del establecimiento puede hacer cargas masivas')
    const asOutsider = await upload([animalRow('R-001')], { token: outsider })
    expect(asOutsider.status).toBe(403)
    const adminIntoB = await upload([animalRow('R-001')], { establishmentId: eidB })
    expect(adminIntoB.status).toBe(403)
    expect(await liveCount()).toBe(before)
    const asRoot = await upload([animalRow('R-001')], { token: root })
    expect(asRoot.status).toBe(201)
  })
})
