import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { testEngines } from '~/db/testing.server'
import { ANIMAL_MESSAGES } from '~/features/animals/animal-record.schema'
import type { LookupTableName } from '~/features/lookups/lookup-values'
import { BIRTH_RULE_MESSAGES } from '~/features/riders/births.rules'
import type { CalvingKpis } from '~/features/riders/calving-kpis.schema'
import { DEATH_RULE_MESSAGES } from '~/features/riders/deaths.rules'
import { RIDER_MESSAGES, type TreatmentRow, withdrawalAlertText } from '~/features/riders/riders.schema'
import { farmToday } from '~/lib/record-rules'
import {
  insertAnimals,
  insertEstablishments,
  insertEvents,
  insertMemberships,
  insertRiders,
  insertRodeos,
  insertSession,
  insertToken,
  lookups,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

/**
 * Recorredores (issue 21, decision 036): every rule of births, deaths and treatments through the
 * API, the dead-animal rule on the other write paths, and isolation between establishments.
 */
describe.each(testEngines())('rider records API on %s', (engine) => {
  let t: TestApi
  let member: string
  let outsider: string
  let lookup: (table: LookupTableName, description: string) => number
  /** This test's own establishment (the member belongs to it; the outsider does not). */
  let eid: number
  let rodeo: number
  let rider: number

  const error = async (response: Response) => ((await response.json()) as { error: string }).error
  const post = (path: string, json: unknown, token = member) =>
    t.request(`/v2/establishments/${eid}/${path}`, { method: 'POST', token, json })
  const cows = async (rows: { visual_tag: string; date_of_birth?: string; sex?: 'Macho' | 'Hembra' }[]) =>
    insertAnimals(
      t.db,
      eid,
      rows.map((row) => ({
        visual_tag: row.visual_tag,
        date_of_birth: row.date_of_birth ?? '2018-05-01 00:00:00',
        sex_id: lookup('sexes', row.sex ?? 'Hembra'),
        animal_type_id: lookup('animal_types', row.sex === 'Macho' ? 'Toro' : 'Vaca'),
        breed_id: lookup('breeds', 'Angus'),
        color_id: lookup('colors', 'negro'),
        rodeo_id: rodeo,
      })),
    )
  const headCount = async () => {
    const response = await t.request(`/v2/establishments/${eid}/rodeos`, { token: member })
    const { data } = (await response.json()) as { data: { id: number; animals: number }[] }
    return data.find((r) => r.id === rodeo)?.animals
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    lookup = await lookups(t.db)
    member = await insertToken(t.db, t.users.member)
    outsider = await insertToken(t.db, t.users.outsider)
  })
  beforeEach(async () => {
    const [own] = await insertEstablishments(t.db, [{ name: 'Los Recorridos' }])
    eid = (own as { id: number }).id
    await insertMemberships(t.db, [{ userId: t.users.member, establishmentId: eid }])
    ;[rodeo] = (await insertRodeos(t.db, eid, ['Cría'])) as [number]
    ;[rider] = (await insertRiders(t.db, eid, [['JP', 'Juan Pérez']])) as [number]
  })
  afterAll(() => t.close())

  describe('births', () => {
    it('creates the calf with its mother, in her rodeo, in one write; the head count follows', async () => {
      const [mother] = await cows([{ visual_tag: 'V-100' }])
      expect(await headCount()).toBe(1)
      const response = await post('births', {
        mother_id: mother?.id,
        read_at: '2025-09-10',
        sex_id: lookup('sexes', 'Hembra'),
        birth_type_id: lookup('birth_types', 'Normal'),
        weight_at_birth: '32,5',
        calf_visual_tag: 'T-500',
        rider_id: rider,
      })
      expect(response.status).toBe(201)
      const { data } = (await response.json()) as {
        data: { id: number; calf_id: string; calf_visual_tag: string }
      }
      expect(data.calf_visual_tag).toBe('T-500')
      const calf = await t.db
        .selectFrom('animals as a')
        .innerJoin('animal_types as at', 'at.id', 'a.animal_type_id')
        .innerJoin('check_in_types as ci', 'ci.id', 'a.check_in_type_id')
        .select([
          'a.mother_id',
          'a.rodeo_id',
          'a.date_of_birth',
          'a.weight_at_birth',
          'at.description as category',
        ])
        .select('ci.description as check_in')
        .where('a.id', '=', data.calf_id)
        .executeTakeFirstOrThrow()
      expect(calf).toEqual({
        mother_id: mother?.id,
        rodeo_id: rodeo,
        date_of_birth: '2025-09-10 00:00:00',
        weight_at_birth: 32.5,
        category: 'Ternera',
        check_in: 'Nacimiento',
      })
      expect(await headCount()).toBe(2)
      const audit = await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('establishment_id', '=', eid)
        .orderBy('id')
        .execute()
      expect(audit.map((a) => a.action)).toEqual(['animal_create', 'birth_create'])
    })

    it("records a calf 'pendiente de caravana' and creates it when the tag comes", async () => {
      const [mother] = await cows([{ visual_tag: 'V-101' }])
      const response = await post('births', {
        mother_id: mother?.id,
        read_at: '2025-09-10',
        sex_id: lookup('sexes', 'Macho'),
        tag_pending: true,
      })
      expect(response.status).toBe(201)
      const { data } = (await response.json()) as { data: { id: number; calf_id: string | null } }
      expect(data.calf_id).toBeNull()
      expect(await headCount()).toBe(1)
      const tagged = await t.request(`/v2/births/${data.id}`, {
        method: 'PATCH',
        token: member,
        json: { calf_visual_tag: 'T-501' },
      })
      expect(tagged.status).toBe(200)
      const after = (await tagged.json()) as { data: { calf_visual_tag: string } }
      expect(after.data.calf_visual_tag).toBe('T-501')
      expect(await headCount()).toBe(2)
    })

    it('asks for a tag or the pending mark', async () => {
      const [mother] = await cows([{ visual_tag: 'V-102' }])
      const response = await post('births', { mother_id: mother?.id, read_at: '2025-09-10', sex_id: 1 })
      expect(response.status).toBe(400)
      expect(await error(response)).toContain(RIDER_MESSAGES.calfTagRequired)
    })

    it("refuses a calving before the mother's birth, saying why", async () => {
      const [mother] = await cows([{ visual_tag: 'V-103', date_of_birth: '2024-03-01 00:00:00' }])
      const response = await post('births', {
        mother_id: mother?.id,
        read_at: '2023-09-10',
        sex_id: lookup('sexes', 'Macho'),
        tag_pending: true,
      })
      expect(response.status).toBe(400)
      expect(await error(response)).toBe(BIRTH_RULE_MESSAGES.beforeMotherBirth('V-103', '2024-03-01'))
    })

    it('refuses a calving within 280 days of her previous one, allows twins and a year later', async () => {
      const [mother] = await cows([{ visual_tag: 'V-104' }])
      const birth = (read_at: string) =>
        post('births', {
          mother_id: mother?.id,
          read_at,
          sex_id: lookup('sexes', 'Macho'),
          tag_pending: true,
        })
      expect((await birth('2024-09-01')).status).toBe(201)
      const tooSoon = await birth('2025-05-01')
      expect(tooSoon.status).toBe(400)
      expect(await error(tooSoon)).toBe(BIRTH_RULE_MESSAGES.tooSoon('V-104', '2024-09-01', 242))
      expect((await birth('2024-09-01')).status).toBe(201) // a twin, the same day
      expect((await birth('2025-08-20')).status).toBe(201)
    })

    it('refuses a calf tag already in use, whatever its case', async () => {
      const [mother] = await cows([{ visual_tag: 'V-105' }, { visual_tag: 'T-600' }])
      const response = await post('births', {
        mother_id: mother?.id,
        read_at: '2025-09-10',
        sex_id: lookup('sexes', 'Macho'),
        calf_visual_tag: 't-600',
      })
      expect(response.status).toBe(400)
      expect(await error(response)).toBe(BIRTH_RULE_MESSAGES.calfTagTaken('t-600'))
      expect(
        await t.db.selectFrom('births').select('id').where('establishment_id', '=', eid).execute(),
      ).toEqual([])
    })

    it('refuses a male or departed mother with the animal rules', async () => {
      const [bull, sold] = await cows([{ visual_tag: 'TORO-1', sex: 'Macho' }, { visual_tag: 'V-106' }])
      await sql`update animals set check_out_type_id = ${lookup('check_out_types', 'Venta')},
        check_out_date = '2025-01-01' where id = ${sold?.id}`.execute(t.db)
      const male = await post('births', {
        mother_id: bull?.id,
        read_at: '2025-09-10',
        sex_id: 1,
        tag_pending: true,
      })
      expect(await error(male)).toBe(ANIMAL_MESSAGES.motherNotFemale)
      const gone = await post('births', {
        mother_id: sold?.id,
        read_at: '2025-09-10',
        sex_id: 1,
        tag_pending: true,
      })
      expect(await error(gone)).toBe(ANIMAL_MESSAGES.motherDeparted)
    })

    it('asks what to do with the calf when deleting its birth, and refuses while the calf has records', async () => {
      const [mother, mother2] = await cows([{ visual_tag: 'V-107' }, { visual_tag: 'V-108' }])
      const create = async (mother_id: string | undefined, tag: string) => {
        const response = await post('births', {
          mother_id,
          read_at: '2025-09-10',
          sex_id: lookup('sexes', 'Macho'),
          calf_visual_tag: tag,
        })
        return ((await response.json()) as { data: { id: number; calf_id: string } }).data
      }
      const birth = await create(mother?.id, 'T-700')
      const remove = (id: number, calf?: string) =>
        t.request(`/v2/births/${id}${calf ? `?calf=${calf}` : ''}`, { method: 'DELETE', token: member })
      const asked = await remove(birth.id)
      expect(asked.status).toBe(409)
      expect(await error(asked)).toBe(BIRTH_RULE_MESSAGES.askCalf('T-700'))
      const session = await insertSession(t.db, eid, { cattle_handling_work: CATTLE_HANDLING_WORK.weighing })
      await insertEvents(t.db, 'weighings', eid, [
        { animal_id: birth.calf_id, cattle_handling_id: session, weight: 60, read_at: '2025-10-01 00:00:00' },
      ])
      const refused = await remove(birth.id, 'delete')
      expect(refused.status).toBe(409)
      expect(await error(refused)).toBe(BIRTH_RULE_MESSAGES.calfHasEvents('T-700'))
      expect((await remove(birth.id, 'keep')).status).toBe(200)
      const kept = await t.db
        .selectFrom('animals')
        .select('deleted_at')
        .where('id', '=', birth.calf_id)
        .executeTakeFirst()
      expect(kept?.deleted_at).toBeNull()

      const second = await create(mother2?.id, 'T-701')
      expect((await remove(second.id, 'delete')).status).toBe(200)
      const deleted = await t.db
        .selectFrom('animals')
        .select('deleted_at')
        .where('id', '=', second.calf_id)
        .executeTakeFirst()
      expect(deleted?.deleted_at).not.toBeNull()
    })
  })

  describe('deaths', () => {
    it('checks the animal out: it leaves the head count and the mother picker, and keeps its history', async () => {
      const [cow] = await cows([{ visual_tag: 'V-200' }])
      const picker = async () => {
        const response = await t.request(`/v2/establishments/${eid}/animals/picker?mode=mother`, {
          token: member,
        })
        return ((await response.json()) as { data: { caravana_visual: string }[] }).data.map(
          (a) => a.caravana_visual,
        )
      }
      expect(await picker()).toEqual(['V-200'])
      const response = await post('deaths', {
        animal_id: cow?.id,
        read_at: '2025-09-12',
        death_cause_id: lookup('death_causes', 'Neumonía'),
        rider_id: rider,
      })
      expect(response.status).toBe(201)
      const { data } = (await response.json()) as { data: { id: number; death_cause: string } }
      expect(data.death_cause).toBe('Neumonía')
      const animal = await t.db
        .selectFrom('animals as a')
        .innerJoin('check_out_types as c', 'c.id', 'a.check_out_type_id')
        .select(['c.description', 'a.check_out_date', 'a.deleted_at'])
        .where('a.id', '=', cow?.id as string)
        .executeTakeFirstOrThrow()
      expect(animal).toEqual({
        description: 'Muerte',
        check_out_date: '2025-09-12 00:00:00',
        deleted_at: null,
      })
      expect(await picker()).toEqual([])
      const live = await t.request(`/v2/establishments/${eid}/animals`, { token: member })
      expect(((await live.json()) as { data: unknown[] }).data).toEqual([])

      const again = await post('deaths', { animal_id: cow?.id, read_at: '2025-09-13' })
      expect(await error(again)).toBe(DEATH_RULE_MESSAGES.alreadyDead('V-200', '2025-09-12'))

      // Deleting the death (a mistake) puts the animal back in the herd.
      expect((await t.request(`/v2/deaths/${data.id}`, { method: 'DELETE', token: member })).status).toBe(200)
      expect(await picker()).toEqual(['V-200'])
    })

    it('refuses a death before the birth', async () => {
      const [cow] = await cows([{ visual_tag: 'V-201', date_of_birth: '2025-01-01 00:00:00' }])
      const response = await post('deaths', { animal_id: cow?.id, read_at: '2024-12-31' })
      expect(response.status).toBe(400)
      expect(await error(response)).toBe(DEATH_RULE_MESSAGES.beforeBirth('V-201', '2025-01-01 00:00:00'))
    })

    it('refuses to treat, weigh, inseminate, score or move a dead animal, on every path', async () => {
      const [cow, other] = await cows([{ visual_tag: 'V-202' }, { visual_tag: 'V-203' }])
      expect((await post('deaths', { animal_id: cow?.id, read_at: '2025-09-12' })).status).toBe(201)
      const treated = await post('treatments', {
        animal_ids: [other?.id, cow?.id],
        read_at: '2025-09-13',
        treatment_id: lookup('treatments', 'Antibiótico'),
        withdrawal_days: 10,
      })
      expect(treated.status).toBe(400)
      expect(await error(treated)).toBe(DEATH_RULE_MESSAGES.dead('V-202', '2025-09-12', 'un tratamiento'))
      expect(
        await t.db.selectFrom('animal_treatments').select('id').where('establishment_id', '=', eid).execute(),
      ).toEqual([])

      const weighingSession = await insertSession(t.db, eid, {
        cattle_handling_work: CATTLE_HANDLING_WORK.weighing,
      })
      const weighed = await t.request(`/v2/establishment/${eid}/weighings`, {
        method: 'POST',
        token: member,
        json: {
          animal_id: cow?.id,
          cattle_handling_id: weighingSession,
          weight: 300,
          read_at: '2025-09-13 10:00:00',
        },
      })
      expect(weighed.status).toBe(400)
      expect(await error(weighed)).toBe(DEATH_RULE_MESSAGES.dead('V-202', '2025-09-12', 'una pesada'))

      const [bull] = (await t.db
        .insertInto('bulls')
        .values({ establishment_id: eid, alias: 'Toro A' })
        .returning('id')
        .execute()) as [{ id: number }]
      const aiSession = await insertSession(t.db, eid, {
        cattle_handling_work: CATTLE_HANDLING_WORK.artificialInsemination,
      })
      const inseminated = await t.request(`/v2/establishment/${eid}/artificial-inseminations`, {
        method: 'POST',
        token: member,
        json: { animal_id: cow?.id, cattle_handling_id: aiSession, bull_id: bull.id, read_at: '2025-09-13' },
      })
      expect(inseminated.status).toBe(400)
      expect(await error(inseminated)).toBe(
        DEATH_RULE_MESSAGES.dead('V-202', '2025-09-12', 'una inseminación'),
      )

      const scored = await post('rider-body-conditions', {
        animal_id: cow?.id,
        read_at: '2025-09-13',
        body_conditions_rider_id: lookup('body_conditions_riders', 'Flaca'),
      })
      expect(await error(scored)).toBe(
        DEATH_RULE_MESSAGES.dead('V-202', '2025-09-12', 'una condición corporal'),
      )

      const [other2] = await insertRodeos(t.db, eid, ['Recría'])
      const moved = await t.request(`/v2/animals/assign-to-rodeo/${other2}`, {
        method: 'POST',
        token: member,
        json: { animal_ids: [other?.id, cow?.id] },
      })
      expect(moved.status).toBe(400)
      expect(await error(moved)).toBe(DEATH_RULE_MESSAGES.deadMoved(['V-202'], 1))
      const still = await t.db
        .selectFrom('animals')
        .select('rodeo_id')
        .where('id', '=', other?.id as string)
        .executeTakeFirst()
      expect(still?.rodeo_id).toBe(rodeo)
    })
  })

  describe('treatments', () => {
    it('treats many animals in one write, each with a withdrawal alert that ends with the period', async () => {
      const animals = await cows([{ visual_tag: 'V-300' }, { visual_tag: 'V-301' }, { visual_tag: 'V-302' }])
      const today = farmToday()
      const response = await post('treatments', {
        animal_ids: animals.map((a) => a.id),
        read_at: today,
        treatment_id: lookup('treatments', 'Antibiótico'),
        dose: '10 ml',
        route: 'Intramuscular',
        withdrawal_days: 30,
        rider_id: rider,
      })
      expect(response.status).toBe(201)
      const { data } = (await response.json()) as { data: TreatmentRow[] }
      expect(data).toHaveLength(3)
      const end = data[0]?.withdrawal_end as string
      expect(end > today).toBe(true)
      for (const animal of animals) {
        const alerts = await t.request(`/v2/animals/${animal.id}/alerts`, { token: member })
        const body = (await alerts.json()) as { data: { description: string }[] }
        expect(body.data.map((a) => a.description)).toEqual([withdrawalAlertText('Antibiótico', end)])
      }
      // A withdrawal already over: its alert is no longer active, with nobody marking it read.
      const old = await post('treatments', {
        animal_ids: [animals[0]?.id],
        read_at: '2024-01-01',
        treatment_id: lookup('treatments', 'Antiparasitario interno'),
        withdrawal_days: 20,
      })
      expect(old.status).toBe(201)
      const listed = await t.request(`/v2/establishments/${eid}/alerts`, { token: member })
      expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(3)
      // Deleting a treatment ends its alert.
      const first = data.find((row) => row.visual_tag === 'V-300') as TreatmentRow
      expect(
        (await t.request(`/v2/treatments/${first.id}`, { method: 'DELETE', token: member })).status,
      ).toBe(200)
      const after = await t.request(`/v2/animals/${first.animal_id}/alerts`, { token: member })
      expect(((await after.json()) as { data: unknown[] }).data).toEqual([])
    })

    it('gives no alert without withdrawal days, and refuses an unknown product', async () => {
      const [cow] = await cows([{ visual_tag: 'V-303' }])
      const none = await post('treatments', {
        animal_ids: [cow?.id],
        read_at: '2025-09-01',
        treatment_id: lookup('treatments', 'Vacuna aftosa'),
      })
      expect(none.status).toBe(201)
      expect(
        await t.db.selectFrom('alerts').select('id').where('establishment_id', '=', eid).execute(),
      ).toEqual([])
      const unknown = await post('treatments', {
        animal_ids: [cow?.id],
        read_at: '2025-09-01',
        treatment_id: 99999,
      })
      expect(unknown.status).toBe(400)
      expect(await error(unknown)).toBe(RIDER_MESSAGES.treatmentInvalid)
    })
  })

  describe('body conditions, notes, lists and filters', () => {
    it('records, edits, filters and deletes', async () => {
      const [cow] = await cows([{ visual_tag: 'V-400' }])
      const [other] = (await insertRiders(t.db, eid, [['MG', 'María Gómez']])) as [number]
      const scored = await post('rider-body-conditions', {
        animal_id: cow?.id,
        read_at: '2025-09-01',
        body_conditions_rider_id: lookup('body_conditions_riders', 'Buena'),
        rider_id: rider,
      })
      expect(scored.status).toBe(201)
      const note = await post('rider-notes', {
        animal_id: cow?.id,
        read_at: '2025-09-02',
        content: 'Renguea',
        rider_id: other,
      })
      expect(note.status).toBe(201)
      const noteId = ((await note.json()) as { data: { id: number } }).data.id
      const edited = await t.request(`/v2/rider-notes/${noteId}`, {
        method: 'PATCH',
        token: member,
        json: { content: 'Renguea de la pata trasera' },
      })
      expect(((await edited.json()) as { data: { content: string } }).data.content).toBe(
        'Renguea de la pata trasera',
      )
      const byRider = await t.request(`/v2/establishments/${eid}/rider-notes?rider=${rider}`, {
        token: member,
      })
      expect(((await byRider.json()) as { meta: { total: number } }).meta.total).toBe(0)
      const byDate = await t.request(
        `/v2/establishments/${eid}/rider-body-conditions?read_at_from=2025-09-01&read_at_to=2025-09-01&rodeo=${rodeo}`,
        { token: member },
      )
      expect(
        ((await byDate.json()) as { data: { condition: string }[] }).data.map((r) => r.condition),
      ).toEqual(['Buena'])
      expect((await t.request(`/v2/rider-notes/${noteId}`, { method: 'DELETE', token: member })).status).toBe(
        200,
      )
    })

    it("refuses another establishment's rider", async () => {
      const [cow] = await cows([{ visual_tag: 'V-401' }])
      const [foreignRider] = (await insertRiders(t.db, t.establishments.b.id, [['X', 'Ajeno']])) as [number]
      const response = await post('rider-notes', {
        animal_id: cow?.id,
        read_at: '2025-09-02',
        content: 'x',
        rider_id: foreignRider,
      })
      expect(response.status).toBe(400)
      expect(await error(response)).toBe(RIDER_MESSAGES.riderInvalid)
    })
  })

  describe('isolation between establishments', () => {
    it('answers 403 to lists and creates of another establishment, 404 to its records, 400 to its animals', async () => {
      const [cow] = await cows([{ visual_tag: 'V-500' }])
      const note = await post('rider-notes', { animal_id: cow?.id, read_at: '2025-09-02', content: 'Propia' })
      const noteId = ((await note.json()) as { data: { id: number } }).data.id
      for (const kind of [
        'births',
        'deaths',
        'treatments',
        'rider-body-conditions',
        'rider-notes',
        'calving-kpis',
      ]) {
        const list = await t.request(`/v2/establishments/${eid}/${kind}`, { token: outsider })
        expect(list.status, kind).toBe(403)
      }
      expect(
        (await post('rider-notes', { animal_id: cow?.id, read_at: '2025-09-02', content: 'x' }, outsider))
          .status,
      ).toBe(403)
      const edit = await t.request(`/v2/rider-notes/${noteId}`, {
        method: 'PATCH',
        token: outsider,
        json: { content: 'x' },
      })
      expect(edit.status).toBe(404)
      expect(await error(edit)).toBe(RIDER_MESSAGES.notFound.notes)
      expect(
        (await t.request(`/v2/rider-notes/${noteId}`, { method: 'DELETE', token: outsider })).status,
      ).toBe(404)
      // The outsider's own establishment cannot name this establishment's animals.
      const foreign = await t.request(`/v2/establishments/${t.establishments.b.id}/deaths`, {
        method: 'POST',
        token: outsider,
        json: { animal_id: cow?.id, read_at: '2025-09-02' },
      })
      expect(foreign.status).toBe(400)
      expect(await error(foreign)).toBe(RIDER_MESSAGES.animalNotFound)
      const untouched = await t.db
        .selectFrom('animals')
        .select('check_out_date')
        .where('id', '=', cow?.id as string)
        .executeTakeFirst()
      expect(untouched?.check_out_date).toBeNull()
    })
  })

  describe('calving KPIs', () => {
    it('distributes calvings by 21-day period, measures the interval and counts deaths by cause', async () => {
      const mothers = await cows([{ visual_tag: 'K-1' }, { visual_tag: 'K-2' }, { visual_tag: 'K-3' }])
      const birth = (mother: string | undefined, read_at: string) =>
        post('births', { mother_id: mother, read_at, sex_id: lookup('sexes', 'Macho'), tag_pending: true })
      await birth(mothers[0]?.id, '2024-08-01')
      await birth(mothers[0]?.id, '2025-08-01') // 365 days later: period 1 of the 2025 season
      await birth(mothers[1]?.id, '2025-08-15') // period 1
      await birth(mothers[2]?.id, '2025-09-10') // day 40: period 2
      await post('deaths', {
        animal_id: mothers[2]?.id,
        read_at: '2025-09-20',
        death_cause_id: lookup('death_causes', 'Neumonía'),
      })
      const response = await t.request(`/v2/establishments/${eid}/calving-kpis?season_start=2025-08-01`, {
        token: member,
      })
      expect(response.status).toBe(200)
      const { data } = (await response.json()) as { data: CalvingKpis }
      expect(data.season).toEqual({ start: '2025-08-01', end: '2026-07-31', births: 3 })
      expect(data.periods.map((p) => [p.period, p.from, p.to, p.births])).toEqual([
        [1, '2025-08-01', '2025-08-21', 2],
        [2, '2025-08-22', '2025-09-11', 1],
      ])
      expect(data.interval).toMatchObject({ intervals: 1, average_days: 365, median_days: 365 })
      expect(data.deaths_by_cause).toEqual([{ cause: 'Neumonía', deaths: 1, percent: 100 }])
      // Without a start: the first calving of the year up to the latest one.
      const auto = await t.request(`/v2/establishments/${eid}/calving-kpis`, { token: member })
      expect(((await auto.json()) as { data: CalvingKpis }).data.season.start).toBe('2025-08-01')
    })
  })
})
