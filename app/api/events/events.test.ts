import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { staleInsightAggregates } from '~/db/insight-aggregates.testing.server'
import { testEngines } from '~/db/testing.server'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { adaptEventPage } from '~/features/events/events.adapter'
import type {
  EventListResponse,
  InseminationRow,
  PregnancyCheckRow,
  PreserviceRow,
  WeighingRow,
} from '~/features/events/events-list.schema'
import { farmToday } from '~/lib/record-rules'
import { createTestApi, type TestApi } from '../testing.server'
import { type MangaFixtures, seedMangaFixtures } from './fixtures.server'

/** A day after the farm's today: always in the future. */
function tomorrow() {
  const [y, m, d] = farmToday().split('-').map(Number)
  return new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10)
}

describe.each(testEngines())('event API on %s', (engine) => {
  let t: TestApi
  let f: MangaFixtures
  let member: string
  let outsider: string

  const post = (path: string, json: unknown, token = member, eid = f.a) =>
    t.request(`/v2/establishment/${eid}/${path}`, { method: 'POST', token, json })
  const patch = (path: string, json: unknown, token = member) =>
    t.request(`/v2/${path}`, { method: 'PATCH', token, json })
  async function list<R>(path: string, query = '', token = member, eid = f.a) {
    const response = await t.request(`/v2/establishment/${eid}/${path}${query}`, { token })
    return { status: response.status, body: (await response.json()) as EventListResponse<R> }
  }
  const auditCount = async (action: string) =>
    Number(
      (
        await t.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    )
  const weighing = (change: Record<string, unknown> = {}) => ({
    animal_id: f.animals.cow1,
    weighing_time_id: f.weighingTimes('Control'),
    weight: 250,
    read_at: '2025-03-10 08:30:00',
    cattle_handling_id: f.sessions.weighingMarch,
    ...change,
  })

  beforeAll(async () => {
    t = await createTestApi(engine)
    f = await seedMangaFixtures(t)
    member = await t.tokenFor('member@test.local')
    outsider = await t.tokenFor('outsider@test.local')
  })
  afterAll(() => t.close())
  // Tablero's event aggregates follow every write of these tests (decision 044).
  afterEach(async () => expect(await staleInsightAggregates(t.db)).toEqual([]))

  describe('weighings', () => {
    it('records weighings in chute order and lists each with the gain of THAT weighing', async () => {
      const first = await post('weighings', weighing())
      expect(first.status).toBe(201)
      const created = await first.json()
      expect(created.message).toBe('Pesada creado con éxito')
      expect(created.data).toMatchObject({
        visible_tag: 'VACA-1',
        current_weight: 250,
        current_weight_date: '2025-03-10 08:30:00',
        order: 1,
        cattle_handling_name: 'Pesada marzo',
        GDPV: null,
        previous_weight: null,
        first_weight: 250,
        days_since_first_weight: 0,
      })
      // A decimal comma as text, and a second animal in the same session: chute order 2.
      const second = await post('weighings', weighing({ animal_id: f.animals.cow2, weight: '310,5' }))
      expect(second.status).toBe(201)
      expect((await second.json()).data).toMatchObject({ current_weight: 310.5, order: 2 })
      // 92 days later, 342 kg: 1 kg a day.
      const june = await post(
        'weighings',
        weighing({
          weight: 342,
          read_at: '2025-06-10 09:00:00',
          cattle_handling_id: f.sessions.weighingJune,
        }),
      )
      expect((await june.json()).data).toMatchObject({
        current_weight: 342,
        previous_weight: 250,
        first_weight: 250,
        days_since_previous_weight: 92,
        days_since_first_weight: 92,
        GDPV: 1,
        // 30 kg at birth on 2024-01-01, 526 days before.
        GDPVital: Math.round(((342 - 30) / 526) * 1000) / 1000,
        weight_at_birth: 30,
      })

      // The March row still shows March's figures, not the animal's latest.
      const rows = (await list<WeighingRow>('weighing', '?sort=read_at&order=asc&visual_tag=vaca-1')).body
        .data
      expect(rows.map((r) => [r.current_weight, r.previous_weight, r.GDPV])).toEqual([
        [250, null, null],
        [342, 250, 1],
      ])
      // The animal's latest-weight columns follow (trigger of migration 0001).
      const animal = await t.db
        .selectFrom('animals')
        .select(['last_weight', 'previous_weight', 'gdpv'])
        .where('id', '=', f.animals.cow1)
        .executeTakeFirstOrThrow()
      expect(animal).toEqual({ last_weight: 342, previous_weight: 250, gdpv: 1 })
      expect(await auditCount('weighing_create')).toBe(3)
    })

    it('records a weighing sent without a date at 2025-01-01 00:00:00 (spec section 5)', async () => {
      const response = await post(
        'weighings',
        weighing({ animal_id: f.animals.calf3, read_at: undefined, weighing_time_id: 'null' }),
      )
      expect(response.status).toBe(201)
      expect((await response.json()).data).toMatchObject({
        current_weight_date: '2025-01-01 00:00:00',
        weighing_time_id: null,
      })
    })

    it.each([
      ['no weight', { weight: undefined }, 'El peso es obligatorio.'],
      ['a weight that is not a number', { weight: 'abc' }, 'El peso debe ser un número.'],
      ['a zero weight', { weight: 0 }, 'El peso debe ser un número mayor a 0.'],
      ['a negative weight', { weight: -5 }, 'El peso debe ser un número mayor a 0.'],
      ['an implausible weight', { weight: 5000 }, 'El peso debe estar entre 10 y 1500 kg.'],
      ['a date in the future', { read_at: `${tomorrow()} 08:00:00` }, 'La fecha no puede ser futura.'],
      [
        'a date before 1900',
        { read_at: '1899-12-31 08:00:00' },
        'La fecha no puede ser anterior al 01/01/1900.',
      ],
      ['a malformed date', { read_at: '10/03/2025' }, 'Fecha inválida: use AAAA-MM-DD HH:mm:ss.'],
      ['no animal', { animal_id: undefined }, 'El animal es obligatorio.'],
      ['no session', { cattle_handling_id: undefined }, 'La sesión es obligatoria.'],
    ])('refuses %s with its message', async (_what, change, message) => {
      const response = await post('weighings', weighing(change))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: message })
    })

    it('refuses references outside the establishment or of the wrong kind', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [
          { animal_id: '00000000-0000-4000-8000-000000000000' },
          'El animal no existe en este establecimiento (o fue dado de baja del sistema).',
        ],
        [
          { animal_id: f.animals.deleted4 },
          'El animal no existe en este establecimiento (o fue dado de baja del sistema).',
        ],
        [
          { animal_id: f.animals.foreign },
          'El animal no existe en este establecimiento (o fue dado de baja del sistema).',
        ],
        [{ cattle_handling_id: f.sessions.foreignWeighing }, 'La sesión no existe en este establecimiento.'],
        [{ cattle_handling_id: f.sessions.ai }, 'La sesión elegida no es de pesada.'],
        [{ weighing_time_id: 999999 }, 'El momento de pesada indicado no existe.'],
      ]
      const before = await auditCount('weighing_create')
      for (const [change, message] of cases) {
        const response = await post('weighings', weighing(change))
        expect(response.status, message).toBe(400)
        expect(await response.json()).toEqual({ error: message })
      }
      expect(await auditCount('weighing_create')).toBe(before)
    })

    it('edits a weighing on the version it read, refuses a stale version, deletes', async () => {
      const [row] = (await list<WeighingRow>('weighing', '?visual_tag=VACA-2')).body.data
      if (!row) throw new Error('sin pesada')
      const edited = await patch(`weighings/${row.weighing_id}`, { weight: 315, version: row.version })
      expect(edited.status).toBe(200)
      const body = await edited.json()
      expect(body.message).toBe('Pesada modificada con éxito')
      expect(body.data).toMatchObject({ current_weight: 315, version: row.version + 1, order: row.order })

      const stale = await patch(`weighings/${row.weighing_id}`, { weight: 320, version: row.version })
      expect(stale.status).toBe(409)
      expect((await stale.json()).error).toMatch(/Otra persona modificó este registro/)
      expect((await patch(`weighings/${row.weighing_id}`, { version: row.version + 1 })).status).toBe(400)
      expect((await patch(`weighings/${row.weighing_id}`, { weight: 320 })).status).toBe(400)
      const badSession = await patch(`weighings/${row.weighing_id}`, {
        cattle_handling_id: f.sessions.pc,
        version: row.version + 1,
      })
      expect(await badSession.json()).toEqual({ error: 'La sesión elegida no es de pesada.' })

      const staleDelete = await t.request(`/v2/weighings/${row.weighing_id}?version=${row.version}`, {
        method: 'DELETE',
        token: member,
      })
      expect(staleDelete.status).toBe(409)
      const badVersion = await t.request(`/v2/weighings/${row.weighing_id}?version=uno`, {
        method: 'DELETE',
        token: member,
      })
      expect(badVersion.status).toBe(400)
      const deleted = await t.request(`/v2/weighings/${row.weighing_id}?version=${row.version + 1}`, {
        method: 'DELETE',
        token: member,
      })
      expect(deleted.status).toBe(200)
      expect(await deleted.json()).toEqual({ message: 'Pesada eliminada con éxito' })
      expect((await list<WeighingRow>('weighing', '?visual_tag=VACA-2')).body.data).toEqual([])
      const again = await t.request(`/v2/weighings/${row.weighing_id}`, { method: 'DELETE', token: member })
      expect(again.status).toBe(404)
      expect(await again.json()).toEqual({ error: 'La pesada no existe' })
      expect(await auditCount('weighing_update')).toBe(1)
      expect(await auditCount('weighing_delete')).toBe(1)

      // The spec's DELETE sends no version: it deletes whatever version is stored.
      const spare: WeighingRow = (
        await (await post('weighings', weighing({ animal_id: f.animals.cow2, weight: 199 }))).json()
      ).data
      await patch(`weighings/${spare.weighing_id}`, { weight: 201, version: spare.version })
      const unversioned = await t.request(`/v2/weighings/${spare.weighing_id}`, {
        method: 'DELETE',
        token: member,
      })
      expect(unversioned.status).toBe(200)
      expect(await auditCount('weighing_delete')).toBe(2)
    })
  })

  describe('inseminations', () => {
    const insemination = (change: Record<string, unknown> = {}) => ({
      animal_id: f.animals.cow1,
      bull_id: f.bullA,
      inseminator_id: f.inseminatorA,
      read_at: '2025-04-01',
      cattle_handling_id: f.sessions.ai,
      ...change,
    })

    it('records an insemination (inseminator "null": not specified) with the pre-service before and the check after', async () => {
      await post('preservices', {
        animal_id: f.animals.cow1,
        reproductive_grade_id: f.grades('2'),
        ovarian_status_id: f.ovarian('Ciclando'),
        read_at: '2025-03-01',
        cattle_handling_id: f.sessions.ps,
      })
      const response = await post('artificial-inseminations', insemination({ inseminator_id: 'null' }))
      expect(response.status).toBe(201)
      const body = await response.json()
      expect(body.message).toBe('Inseminación artificial creada con éxito')
      expect(body.data).toMatchObject({
        artificial_insemination_date: '2025-04-01 00:00:00',
        bull_id: f.bullA,
        bull_alias: 'Toro A',
        inseminator_id: null,
        previous_preservice: {
          read_at: '2025-03-01 00:00:00',
          reproductive_grade: { id: f.grades('2'), description: '2' },
          ovarian_status: { id: f.ovarian('Ciclando'), description: 'Ciclando' },
        },
        following_pregnancy_check: null,
      })
      await post('pregnancy-checks', {
        animal_id: f.animals.cow1,
        pregnancy_check_detailId: f.details('Cabeza'),
        is_ultrasound_scan: '1',
        read_at: '2025-06-01',
        cattle_handling_id: f.sessions.pc,
      })
      const [row] = (await list<InseminationRow>('artificial-inseminations')).body.data
      expect(row?.following_pregnancy_check).toMatchObject({
        read_at: '2025-06-01 00:00:00',
        pregnancy_check_detail: { id: f.details('Cabeza'), description: 'Cabeza' },
      })
      const named = await post('artificial-inseminations', insemination({ animal_id: f.animals.cow2 }))
      expect((await named.json()).data.inseminator_name).toBe('Juan Pérez')
      expect(await auditCount('artificial_insemination_create')).toBe(2)
    })

    it.each([
      ['no bull', { bull_id: undefined }, 'El toro es obligatorio.'],
      ['a date in the future', { read_at: tomorrow() }, 'La fecha no puede ser futura.'],
      ['a date before 1900', { read_at: '1899-12-31' }, 'La fecha no puede ser anterior al 01/01/1900.'],
      ['a malformed date', { read_at: '2025-13-01' }, 'Fecha inválida: use AAAA-MM-DD.'],
      ['an inseminator that is not an id', { inseminator_id: 'Juan' }, 'Inseminador inválido.'],
    ])('refuses %s with its message', async (_what, change, message) => {
      const response = await post('artificial-inseminations', insemination(change))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: message })
    })

    it('refuses a bull, inseminator or session of another establishment or kind', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ bull_id: f.bullB }, 'El toro no existe en este establecimiento.'],
        [{ inseminator_id: f.inseminatorB }, 'El inseminador no existe en este establecimiento.'],
        [{ cattle_handling_id: f.sessions.foreignAi }, 'La sesión no existe en este establecimiento.'],
        [
          { cattle_handling_id: f.sessions.weighingMarch },
          'La sesión elegida no es de inseminación artificial.',
        ],
      ]
      for (const [change, message] of cases) {
        const response = await post('artificial-inseminations', insemination(change))
        expect(await response.json()).toEqual({ error: message })
      }
    })

    it('edits an insemination: another bull, inseminator cleared', async () => {
      const [row] = (await list<InseminationRow>('artificial-inseminations', '?visual_tag=VACA-2')).body.data
      if (!row) throw new Error('sin inseminación')
      const [bull] = await t.db
        .insertInto('bulls')
        .values({ establishment_id: f.a, alias: 'Toro Nuevo' })
        .returning('id')
        .execute()
      const response = await patch(`artificial-inseminations/${row.artificial_insemination_id}`, {
        bull_id: bull?.id,
        inseminator_id: null,
        version: row.version,
      })
      expect(response.status).toBe(200)
      expect((await response.json()).data).toMatchObject({ bull_alias: 'Toro Nuevo', inseminator_id: null })
      // The formats the UI sends (those of the spec's creates): a day, and 'null' for no inseminator.
      const spec = await patch(`artificial-inseminations/${row.artificial_insemination_id}`, {
        inseminator_id: f.inseminatorA,
        read_at: '2025-04-02',
        version: row.version + 1,
      })
      expect((await spec.json()).data).toMatchObject({
        artificial_insemination_date: '2025-04-02 00:00:00',
        inseminator_id: f.inseminatorA,
      })
      const cleared = await patch(`artificial-inseminations/${row.artificial_insemination_id}`, {
        inseminator_id: 'null',
        version: row.version + 2,
      })
      expect((await cleared.json()).data).toMatchObject({ inseminator_id: null })
      expect(await auditCount('artificial_insemination_update')).toBe(3)
    })
  })

  describe('pregnancy checks', () => {
    const check = (change: Record<string, unknown> = {}) => ({
      animal_id: f.animals.cow2,
      pregnancy_check_detailId: f.details('Vacia'),
      is_ultrasound_scan: '0',
      read_at: '2025-06-01',
      cattle_handling_id: f.sessions.pc,
      ...change,
    })

    it('records a diagnosis with the ultrasound flag as 0/1', async () => {
      const response = await post('pregnancy-checks', check({ is_ultrasound_scan: '1' }))
      expect(response.status).toBe(201)
      const body = await response.json()
      expect(body.message).toBe('Diag. Gestación creado con éxito')
      expect(body.data).toMatchObject({
        pregnancy_check_date: '2025-06-01 00:00:00',
        pregnancy_check_detail: { id: f.details('Vacia'), description: 'Vacia' },
        is_ultrasound_scan: 1,
        animalTypeId: f.categories('Vaca'),
      })
      const rows = (await list<PregnancyCheckRow>('pregnancy-checks', '?is_ultrasound_scan=1')).body.data
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.every((r) => r.is_ultrasound_scan === 1)).toBe(true)
      const [row] = (await list<PregnancyCheckRow>('pregnancy-checks', '?visual_tag=VACA-2')).body.data
      if (!row) throw new Error('sin diagnóstico')
      const edited = await patch(`pregnancy-checks/${row.pregnancy_check_id}`, {
        pregnancy_check_detailId: f.details('Cabeza'),
        is_ultrasound_scan: 0,
        version: row.version,
      })
      expect(edited.status).toBe(200)
      expect((await edited.json()).data).toMatchObject({
        pregnancy_check_detail: { description: 'Cabeza' },
        is_ultrasound_scan: 0,
      })
      const spec = await patch(`pregnancy-checks/${row.pregnancy_check_id}`, {
        is_ultrasound_scan: '1',
        read_at: '2025-06-02',
        version: row.version + 1,
      })
      expect((await spec.json()).data).toMatchObject({
        is_ultrasound_scan: 1,
        pregnancy_check_date: '2025-06-02 00:00:00',
      })
    })

    it.each([
      ['no diagnosis', { pregnancy_check_detailId: undefined }, 'El diagnóstico es obligatorio.'],
      ['an ultrasound flag other than 0/1', { is_ultrasound_scan: 'sí' }, 'Ecografía: use 0 (no) o 1 (sí).'],
      ['a date in the future', { read_at: tomorrow() }, 'La fecha no puede ser futura.'],
      ['a date before 1900', { read_at: '1850-06-01' }, 'La fecha no puede ser anterior al 01/01/1900.'],
    ])('refuses %s with its message', async (_what, change, message) => {
      const response = await post('pregnancy-checks', check(change))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: message })
    })

    it('refuses an unknown diagnosis and a session of another kind', async () => {
      expect(await (await post('pregnancy-checks', check({ pregnancy_check_detailId: 999 }))).json()).toEqual(
        {
          error: 'El diagnóstico indicado no existe.',
        },
      )
      expect(
        await (await post('pregnancy-checks', check({ cattle_handling_id: f.sessions.ps }))).json(),
      ).toEqual({
        error: 'La sesión elegida no es de diagnóstico de gestación.',
      })
    })
  })

  describe('pre-services', () => {
    const preservice = (change: Record<string, unknown> = {}) => ({
      animal_id: f.animals.calf3,
      reproductive_grade_id: f.grades('1'),
      ovarian_status_id: f.ovarian('Anestro sup'),
      read_at: '2025-03-01',
      cattle_handling_id: f.sessions.ps,
      ...change,
    })

    it('records a pre-service with the weight of the latest weighing on or before it', async () => {
      const response = await post(
        'preservices',
        // The cow's second pre-service of the session: the person confirms the repeat (decision 022).
        preservice({ animal_id: f.animals.cow1, read_at: '2025-03-10', confirm_repeat: true }),
      )
      expect(response.status).toBe(201)
      const body = await response.json()
      expect(body.message).toBe('Pre-servicio creado con éxito')
      // The 08:30 weighing of that same day counts; the June one does not.
      expect(body.data).toMatchObject({ last_weighing: 250, last_weighing_date: '2025-03-10 08:30:00' })
      const only = await post('preservices', preservice({ reproductive_grade_id: null }))
      // The calf's only weighing is the undated one (2025-01-01), before March.
      expect((await only.json()).data).toMatchObject({
        reproductive_grade: null,
        last_weighing: 250,
        last_weighing_date: '2025-01-01 00:00:00',
      })
      const rows = (await list<PreserviceRow>('preservices', `?ovarian_status=${f.ovarian('Anestro sup')}`))
        .body
      // Newest first: the cow's of 10 March, then the calf's of 1 March (the cow's 'Ciclando' one is left out).
      expect(rows.data.map((r) => [r.visible_tag, r.preservice_date])).toEqual([
        ['VACA-1', '2025-03-10 00:00:00'],
        ['TERNERO-3', '2025-03-01 00:00:00'],
      ])
    })

    it('refuses a pre-service with neither grade nor ovarian status, and unknown lookups', async () => {
      const empty = await post(
        'preservices',
        preservice({ reproductive_grade_id: null, ovarian_status_id: '' }),
      )
      expect(await empty.json()).toEqual({
        error: 'Indique el grado reproductivo o el estado ovárico.',
      })
      expect(await (await post('preservices', preservice({ reproductive_grade_id: 999 }))).json()).toEqual({
        error: 'El grado reproductivo indicado no existe.',
      })
      expect(await (await post('preservices', preservice({ ovarian_status_id: 999 }))).json()).toEqual({
        error: 'El estado ovárico indicado no existe.',
      })
      expect(await (await post('preservices', preservice({ read_at: tomorrow() }))).json()).toEqual({
        error: 'La fecha no puede ser futura.',
      })
      const [row] = (await list<PreserviceRow>('preservices', '?visual_tag=TERNERO')).body.data
      if (!row) throw new Error('sin preservicio')
      const emptied = await patch(`preservices/${row.preservice_id}`, {
        ovarian_status_id: null,
        version: row.version,
      })
      expect(await emptied.json()).toEqual({ error: 'Indique el grado reproductivo o el estado ovárico.' })
    })
  })

  describe('lists', () => {
    it('answers the shared row fields: notes and body condition of the session, active alerts, age', async () => {
      await t.db
        .insertInto('notes')
        .values({
          establishment_id: f.a,
          animal_id: f.animals.cow1,
          cattle_handling_id: f.sessions.weighingJune,
          content: 'Renguea',
          read_at: '2025-06-10 09:05:00',
        })
        .execute()
      await t.db
        .insertInto('body_conditions')
        .values({
          establishment_id: f.a,
          animal_id: f.animals.cow1,
          cattle_handling_id: f.sessions.weighingJune,
          body_condition_detail_id: f.bodyConditions('3'),
          read_at: '2025-06-10 00:00:00',
        })
        .execute()
      await t.db
        .insertInto('alerts')
        .values({ establishment_id: f.a, animal_id: f.animals.cow1, description: 'Vender' })
        .execute()
      const { body } = await list<WeighingRow>('weighing', `?cattle_handling=${f.sessions.weighingJune}`)
      expect(body.meta.total).toBe(1)
      expect(body.data[0]).toMatchObject({
        visible_tag: 'VACA-1',
        electronic_tag: '032000000000001',
        category: { id: f.categories('Vaca'), description: 'Vaca' },
        current_rodeo: { description: 'General' },
        date_of_birth: '2024-01-01 00:00:00',
        notes: [{ content: 'Renguea', read_at: '2025-06-10 09:05:00' }],
        body_condition: { description: '3', read_at: '2025-06-10 00:00:00' },
        alerts: [{ description: 'Vender' }],
        cattle_handling_name: 'Pesada junio',
        cattle_handling_date: '2025-06-10 00:00:00',
      })
      expect(body.data[0]?.age).toBeGreaterThan(500)
      // The other session's row of the same animal has no note.
      const march = (
        await list<WeighingRow>(
          'weighing',
          `?cattle_handling=${f.sessions.weighingMarch}&animal_id=${f.animals.cow1}`,
        )
      ).body
      expect(march.data.map((r) => r.notes)).toEqual([[]])
    })

    it('filters, sorts and pages in SQL, the last page as cheaply as the first', async () => {
      const animals = await t.db
        .insertInto('animals')
        .values(
          Array.from({ length: 25 }, (_, i) => ({
            establishment_id: f.a,
            visual_tag: `LOTE-${String(i).padStart(2, '0')}`,
          })),
        )
        .returning('id')
        .execute()
      for (const [i, animal] of animals.entries()) {
        const response = await post(
          'weighings',
          weighing({
            animal_id: animal.id,
            weight: 200 + i,
            read_at: `2025-03-${String(1 + (i % 20)).padStart(2, '0')} 10:00:00`,
          }),
        )
        expect(response.status).toBe(201)
      }
      const all = (await list<WeighingRow>('weighing', '?visual_tag=lote&perPage=200&sort=weight&order=asc'))
        .body
      expect(all.meta.total).toBe(25)
      expect(all.data.map((r) => r.current_weight)).toEqual(Array.from({ length: 25 }, (_, i) => 200 + i))
      // Page by page, forwards and from the end, the same sequence.
      const pages: string[] = []
      for (let page = 1; page <= 3; page++) {
        const { body } = await list<WeighingRow>(
          'weighing',
          `?visual_tag=lote&perPage=10&page=${page}&sort=visual_tag&order=desc`,
        )
        expect(body.meta).toMatchObject({ current_page: page, per_page: 10, total: 25, last_page: 3 })
        pages.push(...body.data.map((r) => r.visible_tag))
      }
      expect(pages).toEqual(Array.from({ length: 25 }, (_, i) => `LOTE-${String(24 - i).padStart(2, '0')}`))
      const ranged = (
        await list<WeighingRow>(
          'weighing',
          '?visual_tag=lote&weight_min=210&weight_max=212&read_at_from=2025-03-11&read_at_to=2025-03-13',
        )
      ).body
      expect(ranged.data.map((r) => r.current_weight).sort()).toEqual([210, 211, 212])
      const byId = (
        await list<WeighingRow>('weighing', `?ids=${all.data[3]?.weighing_id},${all.data[4]?.weighing_id}`)
      ).body
      expect(byId.data.map((r) => r.current_weight).sort()).toEqual([203, 204])
      expect((await list<WeighingRow>('weighing', '?visual_tag=lote&page=9')).body.data).toEqual([])
      // Events of deleted animals stay stored but are not listed.
      await t.db
        .updateTable('animals')
        .set({ deleted_at: new Date() })
        .where('id', '=', animals[0]?.id ?? '')
        .execute()
      expect((await list<WeighingRow>('weighing', '?visual_tag=lote')).body.meta.total).toBe(24)
      expect((await list<WeighingRow>('weighing', '?visual_tag=12345678901234567890')).status).toBe(400)
    })
  })

  describe('sorting weighings by GDPV (issue 16)', () => {
    it('sorts the whole filtered set by the stored gain, without gain last both ways, page by page from either end', async () => {
      const animals = await t.db
        .insertInto('animals')
        .values(Array.from({ length: 6 }, (_, i) => ({ establishment_id: f.a, visual_tag: `GAN-${i}` })))
        .returning('id')
        .execute()
      // Each animal: 200 kg on March 1st, then 200 + 10·(i+1) kg ten days later (gain i+1 kg/day);
      // the last animal is weighed once (no gain).
      for (const [i, animal] of animals.entries()) {
        const first = await post(
          'weighings',
          weighing({ animal_id: animal.id, weight: 200, read_at: '2025-03-01 10:00:00' }),
        )
        expect(first.status).toBe(201)
        if (i === animals.length - 1) continue
        const second = await post(
          'weighings',
          weighing({
            animal_id: animal.id,
            weight: 200 + 10 * (i + 1),
            read_at: '2025-03-11 10:00:00',
            // The second weighing of the session: a confirmed repeat (decision 022).
            confirm_repeat: true,
          }),
        )
        expect(second.status).toBe(201)
      }
      const gains = async (query: string) =>
        (await list<WeighingRow>('weighing', `?visual_tag=gan&${query}`)).body.data.map((r) => r.GDPV)
      const ascending = [1, 2, 3, 4, 5, null, null, null, null, null, null]
      expect(await gains('sort=gdpv&order=asc&perPage=25')).toEqual(ascending)
      expect(await gains('sort=gdpv&order=desc&perPage=25')).toEqual([
        5,
        4,
        3,
        2,
        1,
        null,
        null,
        null,
        null,
        null,
        null,
      ])
      // Pages read from the end (past the middle) continue the same order.
      const paged: (number | null)[] = []
      for (let page = 1; page <= 3; page++)
        paged.push(...(await gains(`sort=gdpv&order=asc&perPage=4&page=${page}`)))
      expect(paged).toEqual(ascending)
      // A weighing recorded between two others changes the later one's gain (kept by the trigger).
      const between = await post(
        'weighings',
        weighing({
          animal_id: animals[0]?.id,
          weight: 205,
          read_at: '2025-03-06 10:00:00',
          confirm_repeat: true,
        }),
      )
      expect(between.status).toBe(201)
      expect(await gains('sort=gdpv&order=desc&perPage=3')).toEqual([5, 4, 3])
      expect(await gains('sort=gdpv&order=asc&perPage=3')).toEqual([1, 1, 2])
      // An edit of its weight changes its gain and the next one's; its deletion restores the 1 kg/day.
      const row = (await list<WeighingRow>('weighing', '?visual_tag=gan-0&sort=read_at&order=asc')).body
        .data[1]
      if (!row) throw new Error('sin la pesada intermedia')
      const edited = await patch(`weighings/${row.weighing_id}`, { weight: 230, version: row.version })
      expect(edited.status).toBe(200)
      const animal0 = async () =>
        (await list<WeighingRow>('weighing', '?visual_tag=gan-0&sort=read_at&order=asc')).body.data.map(
          (r) => r.GDPV,
        )
      expect(await animal0()).toEqual([null, 6, -4])
      // Moved after the last one: its gain is against that one (never against its own old place).
      const moved = await patch(`weighings/${row.weighing_id}`, {
        read_at: '2025-03-16 10:00:00',
        version: row.version + 1,
      })
      expect(moved.status, await moved.clone().text()).toBe(200)
      expect(await animal0()).toEqual([null, 1, 4])
      const removed = await t.request(`/v2/weighings/${row.weighing_id}`, { method: 'DELETE', token: member })
      expect(removed.status).toBe(200)
      expect(await animal0()).toEqual([null, 1])
    })
  })

  describe("the UI's adapter", () => {
    it('recognises the rows of every kind the API lists', async () => {
      const kinds = [
        ['artificial-insemination', 'artificial-inseminations'],
        ['pregnancy-check', 'pregnancy-checks'],
        ['preservice', 'preservices'],
        ['weighing', 'weighing'],
      ] as const
      for (const [kind, path] of kinds) {
        const { body } = await list(path, '?perPage=200')
        expect(body.data.length, path).toBeGreaterThan(0)
        expect(adaptEventPage(kind, body).data, path).toHaveLength(body.data.length)
      }
    })
  })

  describe('isolation', () => {
    it('lets no user of another establishment list, record, edit or delete its events', async () => {
      // Its own events of A, each in a session made here: it reads no row another test made.
      const session = async (work: 1 | 2 | 3 | 7, activity_date: string) =>
        (
          await t.db
            .insertInto('cattle_handlings')
            .values({
              establishment_id: f.a,
              name: `Aislada ${work}`,
              activity_date,
              cattle_handling_work: work,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      const ownRow = async <R>(path: string, json: Record<string, unknown>) => {
        const response = await post(path, json)
        expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201)
        return ((await response.json()) as { data: R }).data
      }
      const row = await ownRow<WeighingRow>(
        'weighings',
        weighing({
          cattle_handling_id: await session(7, '2025-03-12 00:00:00'),
          read_at: '2025-03-12 08:00:00',
        }),
      )
      const ai = await ownRow<InseminationRow>('artificial-inseminations', {
        animal_id: f.animals.cow2,
        bull_id: f.bullA,
        read_at: '2025-04-02',
        cattle_handling_id: await session(1, '2025-04-02 00:00:00'),
      })
      const pc = await ownRow<PregnancyCheckRow>('pregnancy-checks', {
        animal_id: f.animals.cow2,
        pregnancy_check_detailId: f.details('Cabeza'),
        read_at: '2025-06-02',
        cattle_handling_id: await session(2, '2025-06-02 00:00:00'),
      })
      const ps = await ownRow<PreserviceRow>('preservices', {
        animal_id: f.animals.cow2,
        ovarian_status_id: f.ovarian('Ciclando'),
        read_at: '2025-03-02',
        cattle_handling_id: await session(3, '2025-03-02 00:00:00'),
      })

      for (const path of ['weighing', 'artificial-inseminations', 'pregnancy-checks', 'preservices']) {
        const listed = await list(path, '', outsider)
        expect(listed.status, path).toBe(403)
      }
      const creates: [string, Record<string, unknown>][] = [
        ['weighings', weighing()],
        [
          'artificial-inseminations',
          {
            animal_id: f.animals.cow1,
            bull_id: f.bullA,
            read_at: '2025-04-01',
            cattle_handling_id: f.sessions.ai,
          },
        ],
        [
          'pregnancy-checks',
          {
            animal_id: f.animals.cow1,
            pregnancy_check_detailId: f.details('Cabeza'),
            read_at: '2025-06-01',
            cattle_handling_id: f.sessions.pc,
          },
        ],
        [
          'preservices',
          {
            animal_id: f.animals.cow1,
            ovarian_status_id: f.ovarian('Ciclando'),
            read_at: '2025-03-01',
            cattle_handling_id: f.sessions.ps,
          },
        ],
      ]
      for (const [path, json] of creates) {
        const response = await post(path, json, outsider)
        expect(response.status, path).toBe(403)
        expect(await response.json()).toEqual({ error: ESTABLISHMENT_ACCESS_DENIED })
      }
      // In its own establishment, with A's animal or A's session: refused too.
      expect(
        await (
          await post('weighings', weighing({ cattle_handling_id: f.sessions.foreignWeighing }), outsider, f.b)
        ).json(),
      ).toEqual({
        error: 'El animal no existe en este establecimiento (o fue dado de baja del sistema).',
      })
      expect(
        await (await post('weighings', weighing({ animal_id: f.animals.foreign }), outsider, f.b)).json(),
      ).toEqual({
        error: 'La sesión no existe en este establecimiento.',
      })
      const edits: [string, number, Record<string, unknown>][] = [
        ['weighings', row.weighing_id, { weight: 999, version: row.version }],
        [
          'artificial-inseminations',
          ai.artificial_insemination_id,
          { bull_id: f.bullB, version: ai.version },
        ],
        ['pregnancy-checks', pc.pregnancy_check_id, { is_ultrasound_scan: 1, version: pc.version }],
        [
          'preservices',
          ps.preservice_id,
          { ovarian_status_id: null, reproductive_grade_id: f.grades('1'), version: ps.version },
        ],
      ]
      // An event of another establishment answers exactly like one that does not exist: ids cannot be probed.
      for (const [path, id, json] of edits) {
        const foreign = await patch(`${path}/${id}`, json, outsider)
        const unknown = await patch(`${path}/999999`, json, outsider)
        expect(foreign.status, path).toBe(404)
        expect(unknown.status, path).toBe(404)
        expect(await foreign.json(), path).toEqual(await unknown.json())
      }
      const remove = (id: number, query = '') =>
        t.request(`/v2/weighings/${id}${query}`, { method: 'DELETE', token: outsider })
      for (const query of ['', `?version=${row.version}`]) {
        const foreign = await remove(row.weighing_id, query)
        const unknown = await remove(999999, query)
        expect(foreign.status).toBe(404)
        expect(await foreign.json()).toEqual(await unknown.json())
        expect(unknown.status).toBe(404)
      }
      // Nothing changed.
      const after = (await list<WeighingRow>('weighing', '?visual_tag=VACA-1&perPage=100')).body.data.find(
        (listed) => listed.weighing_id === row.weighing_id,
      )
      expect(after).toMatchObject({
        weighing_id: row.weighing_id,
        current_weight: row.current_weight,
        version: row.version,
      })
      const own = await list<WeighingRow>('weighing', '', outsider, f.b)
      expect(own.status).toBe(200)
      expect(own.body.data).toEqual([])
    })
  })
  describe('edits that point at another establishment', () => {
    it("refuses to move A's event to B's animal, session, bull or inseminator, and changes nothing", async () => {
      const weighings = (await list<WeighingRow>('weighing', '?visual_tag=VACA-1')).body.data
      const inseminations = (await list<InseminationRow>('artificial-inseminations')).body.data
      const [w] = weighings
      const [ai] = inseminations
      if (!w || !ai) throw new Error('faltan registros')
      const animalMessage = 'El animal no existe en este establecimiento (o fue dado de baja del sistema).'
      const cases: [string, Record<string, unknown>, string][] = [
        [`weighings/${w.weighing_id}`, { animal_id: f.animals.foreign, version: w.version }, animalMessage],
        [
          `weighings/${w.weighing_id}`,
          { cattle_handling_id: f.sessions.foreignWeighing, version: w.version },
          'La sesión no existe en este establecimiento.',
        ],
        [
          `artificial-inseminations/${ai.artificial_insemination_id}`,
          { animal_id: f.animals.foreign, version: ai.version },
          animalMessage,
        ],
        [
          `artificial-inseminations/${ai.artificial_insemination_id}`,
          { cattle_handling_id: f.sessions.foreignAi, version: ai.version },
          'La sesión no existe en este establecimiento.',
        ],
        [
          `artificial-inseminations/${ai.artificial_insemination_id}`,
          { bull_id: f.bullB, version: ai.version },
          'El toro no existe en este establecimiento.',
        ],
        [
          `artificial-inseminations/${ai.artificial_insemination_id}`,
          { inseminator_id: f.inseminatorB, version: ai.version },
          'El inseminador no existe en este establecimiento.',
        ],
      ]
      const audits = async () =>
        (await auditCount('weighing_update')) + (await auditCount('artificial_insemination_update'))
      const auditsBefore = await audits()
      for (const [path, json, message] of cases) {
        const response = await patch(path, json)
        expect(response.status, path).toBe(400)
        expect(await response.json(), JSON.stringify(json)).toEqual({ error: message })
      }
      expect((await list<WeighingRow>('weighing', '?visual_tag=VACA-1')).body.data).toEqual(weighings)
      expect((await list<InseminationRow>('artificial-inseminations')).body.data).toEqual(inseminations)
      expect(await audits()).toBe(auditsBefore)
    })
  })

  // Two connections at once: only a server has them (PGlite has one).
  describe.runIf(engine === 'postgres')('writes racing another connection', () => {
    /** Until a request of the API waits for a row lock the test's own transaction holds. */
    async function untilBlocked() {
      for (let tries = 0; tries < 100; tries++) {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
        `.execute(t.db)
        if (rows[0]?.n) return
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error('la solicitud no quedó esperando el bloqueo')
    }

    it('does not record an event on an animal deleted while it was being recorded', async () => {
      const [animal] = await t.db
        .insertInto('animals')
        .values({ establishment_id: f.a, visual_tag: 'CARRERA-1' })
        .returning('id')
        .execute()
      if (!animal) throw new Error('sin animal')
      const deleting = await t.db.startTransaction().execute()
      try {
        await deleting
          .updateTable('animals')
          .set({ deleted_at: sql<Date>`now()` })
          .where('id', '=', animal.id)
          .execute()
        const pending = post('weighings', weighing({ animal_id: animal.id }))
        await untilBlocked()
        await deleting.commit().execute()
        const response = await pending
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({
          error: 'El animal no existe en este establecimiento (o fue dado de baja del sistema).',
        })
      } finally {
        if (!deleting.isCommitted) await deleting.rollback().execute()
      }
      const recorded = await t.db
        .selectFrom('weighings')
        .select('id')
        .where('animal_id', '=', animal.id)
        .execute()
      expect(recorded).toEqual([])
    })

    it('waits for an edit of the row in progress elsewhere, and audits the row it replaced', async () => {
      const created = await post('weighings', weighing({ animal_id: f.animals.cow2, weight: 280 }))
      const row: WeighingRow = (await created.json()).data
      const other = await t.db.startTransaction().execute()
      try {
        // Someone else's edit: 290 kg, the next version.
        await other
          .updateTable('weighings')
          .set({ weight: 290, version: row.version + 1 })
          .where('id', '=', row.weighing_id)
          .execute()
        // An edit naming that version waits for it (a plain UPDATE would have judged the old row).
        const pending = patch(`weighings/${row.weighing_id}`, { weight: 300, version: row.version + 1 })
        await untilBlocked()
        await other.commit().execute()
        expect((await pending).status).toBe(200)
      } finally {
        if (!other.isCommitted) await other.rollback().execute()
      }
      const audit = await t.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'weighing_update')
        .where('entity_id', '=', String(row.weighing_id))
        .executeTakeFirstOrThrow()
      expect(audit.before).toMatchObject({ weight: 290, version: row.version + 1 })
      expect(audit.after).toMatchObject({ weight: 300, version: row.version + 2 })
    })
  })
})
