import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { ANIMAL_MESSAGES } from '~/features/animals/animal-record.schema'
import { BULK_MESSAGES } from '~/features/bulk-upload/bulk-upload.schema'
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
import { EVENT_MESSAGES } from '~/features/events/events.schema'
import { BIRTH_RULE_MESSAGES } from '~/features/riders/births.rules'
import { DEATH_RULE_MESSAGES } from '~/features/riders/deaths.rules'
import { RIDER_MESSAGES, withdrawalAlertText } from '~/features/riders/riders.schema'
import { insertRiders } from '../../../tests/factories'
import type { TestApi } from '../testing.server'

/**
 * The riders' Masivo (decision 036): births and treatments from their templates. Every refusal is
 * the single API's, under its row and column; one bad row writes nothing; a good file creates the
 * calves and the withdrawal alerts; only the establishment's admins upload.
 *
 * Births columns: IDV madre, Fecha, Sexo del ternero, Tipo de parto, Peso al nacer (kg),
 * Caravana del ternero (IDV), RFID del ternero, Recorredor, Observación.
 * Treatments columns: IDV, IDE, Fecha, Producto, Dosis, Vía, Días de retiro, Recorredor.
 */
type Birth = Partial<{
  mother: TestCell
  date: TestCell
  sex: TestCell
  type: TestCell
  weight: TestCell
  calf: TestCell
  rfid: TestCell
  rider: TestCell
  note: TestCell
}>
const birthRow = (b: Birth): TestCell[] => [
  b.mother ?? null,
  b.date ?? '10/09/2025',
  b.sex === undefined ? 'Hembra' : b.sex,
  b.type ?? null,
  b.weight ?? null,
  b.calf ?? null,
  b.rfid ?? null,
  b.rider ?? null,
  b.note ?? null,
]
type Treatment = Partial<{
  idv: TestCell
  ide: TestCell
  date: TestCell
  product: TestCell
  dose: TestCell
  route: TestCell
  days: TestCell
  rider: TestCell
}>
const treatmentRow = (r: Treatment): TestCell[] => [
  r.idv ?? null,
  r.ide ?? null,
  r.date ?? '02/09/2025',
  r.product === undefined ? 'Antibiótico' : r.product,
  r.dose ?? null,
  r.route ?? null,
  r.days ?? null,
  r.rider ?? null,
]

describe.each(testEngines())('bulk upload of births and treatments on %s', (engine) => {
  let t: TestApi
  let f: Awaited<ReturnType<typeof seedUploadFixtures>>
  let admin: string
  let member: string
  let outsider: string
  let eidA: number
  let eidB: number

  async function upload(
    kind: 'births' | 'treatments',
    rows: TestCell[][],
    options: { token?: string; establishmentId?: number } = {},
  ) {
    const response = await t.request(
      `/v2/establishments/${options.establishmentId ?? eidA}/${kind}/bulk-upload`,
      {
        method: 'POST',
        token: options.token ?? admin,
        body: uploadForm(xlsxFile(fillTemplate(kind, rows), `${kind}.xlsx`)),
      },
    )
    return { status: response.status, body: await response.json() }
  }
  const count = async (table: 'births' | 'animal_treatments' | 'alerts' | 'animals') =>
    Number(
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.db)).rows[0]?.n,
    )
  const kill = async (tag: string, day: string) =>
    t.db
      .updateTable('animals')
      .set({ check_out_type_id: f.id('check_out_types', 'Muerte'), check_out_date: `${day} 00:00:00` })
      .where('id', '=', f.animalId(tag))
      .execute()

  beforeAll(async () => {
    ;({
      t,
      f,
      eidA,
      eidB,
      tokens: { admin, member, outsider },
    } = await createUploadTestApi(engine))
    await insertRiders(t.db, eidA, [['JP', 'Juan Pérez']])
    await t.db
      .updateTable('animals')
      .set({ date_of_birth: '2024-03-01 00:00:00' })
      .where('id', '=', f.animalId('V-003'))
      .execute()
    await t.db
      .insertInto('births')
      .values({
        establishment_id: eidA,
        mother_id: f.animalId('V-004'),
        read_at: '2024-09-01 00:00:00',
        sex_id: f.id('sexes', 'Macho'),
      })
      .execute()
    await kill('V-010', '2025-01-05')
    await kill('V-011', '2025-01-05')
  })
  afterAll(() => t.close())

  describe('births', () => {
    it('refuses every rule of the single API under its row and column, and writes nothing', async () => {
      const before = await Promise.all([count('births'), count('animals')])
      const { status, body } = await upload('births', [
        birthRow({ mother: 'V-012', calf: 'C-900' }), // 2: fine on its own
        birthRow({ mother: 'T-001' }), // 3: a male
        birthRow({ mother: 'V-003', date: '10/09/2023' }), // 4: before the mother's birth
        birthRow({ mother: 'V-004', date: '01/05/2025' }), // 5: 242 days after her last calving
        birthRow({ mother: 'V-005', calf: 'v-006' }), // 6: the calf's tag is a cow's
        birthRow({ mother: 'NO-EXISTE' }), // 7
        birthRow({ mother: 'V-006', date: '01/01/2025' }), // 8: fine on its own…
        birthRow({ mother: 'V-006', date: '11/04/2025' }), // 9: …but 100 days before this one
        birthRow({ mother: 'V-007', weight: 95 }), // 10
        birthRow({ mother: 'V-008', sex: null }), // 11
        birthRow({ mother: 'V-009', rider: 'Nadie' }), // 12
        birthRow({ mother: 'V-011' }), // 13: dead
        birthRow({ mother: 'V-013', calf: 'c-900' }), // 14: the calf tag of row 2
        birthRow({ mother: 'V-014', date: '01/01/2099' }), // 15: future
        birthRow({ mother: null }), // 16
        birthRow({ mother: 'V-015', calf: 'C-901', rfid: testElectronicTag(2) }), // 17: RFID of V-002
      ])
      expect(status, JSON.stringify(body)).toBe(400)
      const at = (row: number, column: string) => problemAt(body, row, column)
      expect(at(2, 'IDV madre')).toBeUndefined()
      expect(at(3, 'IDV madre')).toBe(ANIMAL_MESSAGES.motherNotFemale)
      expect(at(4, 'Fecha')).toBe(BIRTH_RULE_MESSAGES.beforeMotherBirth('V-003', '2024-03-01 00:00:00'))
      expect(at(5, 'Fecha')).toBe(BIRTH_RULE_MESSAGES.tooSoon('V-004', '2024-09-01', 242))
      expect(at(6, 'Caravana del ternero (IDV)')).toBe(BIRTH_RULE_MESSAGES.calfTagTaken('v-006'))
      expect(at(7, 'IDV madre')).toBe(RIDER_MESSAGES.animalNotFound)
      expect(at(8, 'Fecha')).toBeUndefined()
      expect(at(9, 'Fecha')).toBe(BIRTH_RULE_MESSAGES.tooSoon('V-006', '2025-01-01', 100))
      expect(at(10, 'Peso al nacer (kg)')).toBe(RIDER_MESSAGES.birthWeightInvalid)
      expect(at(11, 'Sexo del ternero')).toBe(RIDER_MESSAGES.sexRequired)
      expect(at(12, 'Recorredor')).toBe(RIDER_MESSAGES.riderInvalid)
      expect(at(13, 'IDV madre')).toBe(ANIMAL_MESSAGES.motherDeparted)
      expect(at(14, 'Caravana del ternero (IDV)')).toBe('IDV repetido: ya está en la fila 2')
      expect(at(15, 'Fecha')).toBe(EVENT_MESSAGES.dateInFuture)
      expect(at(16, 'IDV madre')).toBe(RIDER_MESSAGES.motherRequired)
      expect(at(17, 'RFID del ternero')).toBe(ANIMAL_MESSAGES.electronicTagTaken(testElectronicTag(2)))
      expect(body.rows).toHaveLength(14)
      expect(await Promise.all([count('births'), count('animals')])).toEqual(before)
    })

    it('creates each calving with its calf, as the form does; a blank tag is pending', async () => {
      const { status, body } = await upload('births', [
        birthRow({ mother: 'v-001', calf: 'C-001', weight: '32,5', type: 'Normal', rider: 'juan pérez' }),
        birthRow({ mother: 'V-002', sex: 'Macho', note: 'De noche' }),
      ])
      expect(status, JSON.stringify(body)).toBe(201)
      expect(body.data.created).toBe(2)
      const births = await t.db
        .selectFrom('births as b')
        .leftJoin('animals as c', 'c.id', 'b.calf_id')
        .leftJoin('animal_types as at', 'at.id', 'c.animal_type_id')
        .leftJoin('check_in_types as ci', 'ci.id', 'c.check_in_type_id')
        .select([
          'b.mother_id',
          'b.weight_at_birth',
          'b.note',
          'b.rider_id',
          'c.visual_tag',
          'c.mother_id as calf_mother',
        ])
        .select(['at.description as category', 'ci.description as check_in', 'c.date_of_birth'])
        .where('b.id', 'in', body.data.ids)
        .orderBy('b.id')
        .execute()
      expect(births).toMatchObject([
        {
          mother_id: f.animalId('V-001'),
          weight_at_birth: 32.5,
          visual_tag: 'C-001',
          calf_mother: f.animalId('V-001'),
          category: 'Ternera',
          check_in: 'Nacimiento',
          date_of_birth: '2025-09-10 00:00:00',
        },
        { mother_id: f.animalId('V-002'), visual_tag: null, note: 'De noche', rider_id: null },
      ])
      expect(births[0]?.rider_id).not.toBeNull()
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('establishment_id', '=', eidA)
        .where('action', 'in', ['birth_bulk_upload', 'birth_bulk_create', 'animal_create'])
        .execute()
      expect(audit.map((a) => a.action).sort()).toEqual([
        'animal_create',
        'birth_bulk_create',
        'birth_bulk_create',
        'birth_bulk_upload',
      ])
    })
  })

  describe('treatments', () => {
    it('refuses a dead animal, an unknown one, a bad product or withdrawal, and writes nothing', async () => {
      const before = await Promise.all([count('animal_treatments'), count('alerts')])
      const { status, body } = await upload('treatments', [
        treatmentRow({ idv: 'V-001', days: 30 }), // 2: fine
        treatmentRow({ idv: 'V-010' }), // 3: dead
        treatmentRow({ idv: 'B-001' }), // 4: another establishment's
        treatmentRow({ idv: 'V-002', product: 'Agua bendita' }), // 5
        treatmentRow({ idv: 'V-003', days: 400 }), // 6
        treatmentRow({ idv: 'V-004', days: 2.5 }), // 7
        treatmentRow({ idv: 'V-005', product: null }), // 8
        treatmentRow({ idv: 'V-006', dose: 'x'.repeat(101) }), // 9
      ])
      expect(status, JSON.stringify(body)).toBe(400)
      const at = (row: number, column: string) => problemAt(body, row, column)
      expect(at(3, 'IDV')).toBe(DEATH_RULE_MESSAGES.dead('V-010', '2025-01-05', 'un tratamiento'))
      expect(at(4, 'IDV')).toBe('No hay un animal vivo con IDV B-001 en el establecimiento')
      expect(at(5, 'Producto')).toMatch(/^Valor no válido. Opciones: .*Antibiótico/)
      expect(at(6, 'Días de retiro')).toBe(RIDER_MESSAGES.withdrawalInvalid)
      expect(at(7, 'Días de retiro')).toBe(RIDER_MESSAGES.withdrawalInvalid)
      expect(at(8, 'Producto')).toBe(RIDER_MESSAGES.treatmentRequired)
      expect(at(9, 'Dosis')).toBe(RIDER_MESSAGES.textTooLong)
      expect(body.rows).toHaveLength(7)
      expect(await Promise.all([count('animal_treatments'), count('alerts')])).toEqual(before)
    })

    it('records each row and gives a withdrawal alert to each animal with withdrawal days', async () => {
      const { status, body } = await upload('treatments', [
        treatmentRow({ idv: 'V-016', days: 30, dose: '10 ml', route: 'Subcutánea', rider: 'Juan Pérez' }),
        treatmentRow({ ide: testElectronicTag(17), product: 'vacuna aftosa' }),
      ])
      expect(status, JSON.stringify(body)).toBe(201)
      expect(body.data.created).toBe(2)
      const rows = await t.db
        .selectFrom('animal_treatments as t')
        .leftJoin('alerts as a', 'a.id', 't.alert_id')
        .select([
          't.animal_id',
          't.withdrawal_days',
          't.dose',
          'a.description',
          'a.ends_at',
          'a.animal_id as alerted',
        ])
        .where('t.id', 'in', body.data.ids)
        .orderBy('t.id')
        .execute()
      expect(rows).toMatchObject([
        {
          animal_id: f.animalId('V-016'),
          withdrawal_days: 30,
          dose: '10 ml',
          description: withdrawalAlertText('Antibiótico', '2025-10-02'),
          ends_at: '2025-10-02 00:00:00',
          alerted: f.animalId('V-016'),
        },
        { animal_id: f.animalId('V-017'), withdrawal_days: 0, description: null },
      ])
    })
  })

  describe('who may upload', () => {
    it('refuses a member who is not an admin, and the admin of another establishment', async () => {
      await t.db
        .updateTable('establishment_members')
        .set({ is_admin: true })
        .where('establishment_id', '=', eidB)
        .execute()
      for (const kind of ['births', 'treatments'] as const) {
        const rows = kind === 'births' ? [birthRow({ mother: 'V-018' })] : [treatmentRow({ idv: 'V-018' })]
        const asMember = await upload(kind, rows, { token: member })
        expect(asMember.status).toBe(403)
        expect(asMember.body.error).toBe(BULK_MESSAGES.notAdmin)
        const adminOfB = await upload(kind, rows, { token: outsider })
        expect(adminOfB.status).toBe(403)
        const adminIntoB = await upload(kind, rows, { establishmentId: eidB })
        expect(adminIntoB.status).toBe(403)
      }
      expect(
        await t.db.selectFrom('births').select('id').where('mother_id', '=', f.animalId('V-018')).execute(),
      ).toEqual([])
    })
  })
})
