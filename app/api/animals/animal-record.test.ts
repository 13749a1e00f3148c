import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { staleInsightAggregates } from '~/db/insight-aggregates.testing.server'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { testEngines } from '~/db/testing.server'
import { ANIMAL_MESSAGES } from '~/features/animals/animal-record.schema'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { farmToday } from '~/lib/record-rules'
import {
  insertAlerts,
  insertBulls,
  insertEvents,
  insertRodeos,
  insertSession,
  insertSessions,
  lookups,
} from '../../../tests/factories'
import { createTestApi, type TestApi } from '../testing.server'

type Body = Record<string, unknown>

describe.each(testEngines())('the animal record API on %s', (engine) => {
  let t: TestApi
  let member: string
  let outsider: string
  let root: string
  let eidA: number
  let eidB: number
  const ids: Record<string, number> = {}
  let rodeoA: number
  let rodeoB: number
  let bullA: number
  let bullB: number
  let tagSeq = 0

  const tag = (prefix = 'T') => `${prefix}-${++tagSeq}`
  /** A valid create body; `over` replaces or adds fields. */
  const body = (over: Body = {}): Body => ({
    visual_tag: tag(),
    color_id: ids.negro,
    breed_id: ids.angus,
    animal_type_id: ids.vaca,
    check_in_type_id: ids.nacimiento,
    ...over,
  })
  const create = (json: Body, token = member, eid = eidA) =>
    t.request(`/v3/establishments/${eid}/animals`, { method: 'POST', token, json })
  async function created(over: Body = {}, eid = eidA) {
    const response = await create(body(over), eid === eidA ? member : root, eid)
    expect(response.status, await response.clone().text()).toBe(201)
    return ((await response.json()) as { data: { animal_id: string; version: number; visual_tag: string } })
      .data
  }
  const put = (aid: string, json: Body, token = member, eid = eidA) =>
    t.request(`/v1/establishment/${eid}/animals/${aid}`, { method: 'PUT', token, json })
  const remove = (aid: string, token = member, eid = eidA) =>
    t.request(`/v1/establishment/${eid}/animals/${aid}`, { method: 'DELETE', token })
  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error

  beforeAll(async () => {
    t = await createTestApi(engine)
    eidA = t.establishments.a.id
    eidB = t.establishments.b.id
    member = await t.tokenFor('member@test.local')
    outsider = await t.tokenFor('outsider@test.local')
    root = await t.tokenFor('root@test.local')
    const lookup = await lookups(t.db)
    ids.vaca = lookup('animal_types', 'Vaca')
    ids.toro = lookup('animal_types', 'Toro')
    ids.ternera = lookup('animal_types', 'Ternera')
    ids.hembra = lookup('sexes', 'Hembra')
    ids.macho = lookup('sexes', 'Macho')
    ids.angus = lookup('breeds', 'Angus')
    ids.hereford = lookup('breeds', 'Hereford')
    ids.negro = lookup('colors', 'negro')
    ids.colorado = lookup('colors', 'colorado')
    ids.nacimiento = lookup('check_in_types', 'Nacimiento')
    ids.normal = lookup('birth_types', 'Normal')
    ;[rodeoA] = (await insertRodeos(t.db, eidA, ['General'])) as [number]
    ;[rodeoB] = (await insertRodeos(t.db, eidB, ['General'])) as [number]
    ;[bullA] = (await insertBulls(t.db, eidA, [{ alias: 'Pampa' }])) as [number]
    ;[bullB] = (await insertBulls(t.db, eidB, [{ alias: 'Ajeno' }])) as [number]
  })
  afterAll(() => t.close())
  // Tablero's event aggregates follow every write of these tests (decision 044).
  afterEach(async () => expect(await staleInsightAggregates(t.db)).toEqual([]))

  it('creates an animal with every create-form field, audited, and answers its detail', async () => {
    const mother = await created({ visual_tag: 'MADRE-1' })
    const response = await create({
      establishment_id: eidA,
      visual_tag: 'Ternera 1',
      electronic_tag: '32000000000001',
      rodeo_id: String(rodeoA),
      animal_type_id: ids.ternera,
      breed_id: ids.hereford,
      gender: 'null',
      color_id: ids.colorado,
      date_of_birth: '2025/09/14 06:30:00',
      weight_at_birth: '32,5',
      birth_type_id: ids.normal,
      mother_id: mother.animal_id,
      father_id: bullA,
      origin: 'Propio',
      check_in_type_id: ids.nacimiento,
      cuig: 'AB.123',
      senasa: '01.234/00',
    })
    expect(response.status).toBe(201)
    const { message, data } = await response.json()
    expect(message).toBe(ANIMAL_MESSAGES.createSuccess)
    expect(data).toMatchObject({
      establishment_id: eidA,
      version: 1,
      visual_tag: 'Ternera 1',
      // 14 digits: the leading zero a spreadsheet dropped is put back.
      electronic_tag: '032000000000001',
      rodeo_id: rodeoA,
      rodeo_description: 'General',
      category_description: 'Ternera',
      breed_description: 'Hereford',
      color_description: 'colorado',
      // No sex given: the category's (Ternera → Hembra).
      gender: ids.hembra,
      gender_description: 'Hembra',
      date_of_birth: '2025-09-14 06:30:00',
      weight_at_birth: 32.5,
      mother_id: mother.animal_id,
      mother_visual_tag: 'MADRE-1',
      father_id: bullA,
      father_alias: 'Pampa',
      origin: 'Propio',
      cuig: 'AB.123',
      senasa: '01.234/00',
      alerts: [],
    })
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'animal')
      .where('entity_id', '=', data.animal_id)
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ action: 'animal_create', establishment_id: eidA })

    for (const path of [
      `/v2/animals/${data.animal_id}`,
      `/v1/establishment/${eidA}/animals/${data.animal_id}`,
    ]) {
      const read = await t.request(path, { token: member })
      expect(read.status, path).toBe(200)
      expect((await read.json()).data).toEqual(data)
    }
  })

  describe('refuses a create that breaks a rule, naming the field', () => {
    const today = farmToday()
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const cases: [string, () => Body, string][] = [
      ['no IDV', () => ({ visual_tag: undefined }), 'IDV Requerido'],
      ['an empty IDV', () => ({ visual_tag: '' }), 'IDV Requerido'],
      ['a null IDV', () => ({ visual_tag: null }), 'IDV Requerido'],
      ['a blank IDV', () => ({ visual_tag: '   ' }), 'El campo IDV no puede estar vacío'],
      [
        'an IDV with symbols',
        () => ({ visual_tag: 'A_1' }),
        'IDV: Solo se permiten valores alfanuméricos, espacios o guion',
      ],
      ['an RFID of 5 digits', () => ({ electronic_tag: '12345' }), 'RFID: Debe tener 15 caracteres'],
      [
        'an RFID with symbols',
        () => ({ electronic_tag: '0320000000000.1' }),
        'RFID: Solo se permiten valores alfanuméricos, espacios o guion',
      ],
      ['no color', () => ({ color_id: null }), 'Color Requerido'],
      ['no breed', () => ({ breed_id: undefined }), 'Raza Requerida'],
      ['no category', () => ({ animal_type_id: 'null' }), 'Categoria Requerida'],
      ['no check-in type', () => ({ check_in_type_id: undefined }), 'Check-in Requerido'],
      ['a mother that is not a uuid', () => ({ mother_id: 'abc' }), 'Madre: Debe ser un uuid válido'],
      [
        'a future birth date',
        () => ({ date_of_birth: `${tomorrow} 00:00:00` }),
        'Fecha de nacimiento: No puede ser una fecha futura',
      ],
      [
        'a birth before 1900',
        () => ({ date_of_birth: '1899/12/31 00:00:00' }),
        'Fecha de nacimiento: No puede ser anterior al 01/01/1900',
      ],
      [
        'a day that does not exist',
        () => ({ date_of_birth: '2024/02/30 00:00:00' }),
        'Fecha de nacimiento: Fecha inválida (use AAAA-MM-DD)',
      ],
      [
        'a birth weight of 300 kg',
        () => ({ weight_at_birth: 300 }),
        'Peso al nacer (kg): Debe estar entre 5 y 90 kg',
      ],
      [
        'a birth weight that is not a number',
        () => ({ weight_at_birth: 'mucho' }),
        'Peso al nacer (kg): Debe ser un número',
      ],
      ['an unknown color', () => ({ color_id: 99_999 }), 'Color: el valor elegido no existe'],
      ['a rodeo of another establishment', () => ({ rodeo_id: rodeoB }), ANIMAL_MESSAGES.rodeoNotFound],
      ['a bull of another establishment', () => ({ father_id: bullB }), ANIMAL_MESSAGES.fatherNotFound],
      ['a male Vaca', () => ({ gender: ids.macho }), 'Sexo: la categoría Vaca corresponde a Hembra'],
      [
        'another establishment in the body',
        () => ({ establishment_id: eidB }),
        ANIMAL_MESSAGES.establishmentMismatch,
      ],
      [
        'a mother that does not exist',
        () => ({ mother_id: '00000000-0000-4000-8000-000000000000' }),
        ANIMAL_MESSAGES.motherNotFound,
      ],
    ]
    it.each(cases)('%s', async (_name, over, message) => {
      const before = await t.db
        .selectFrom('animals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const response = await create(body(over()))
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toBe(message)
      const after = await t.db
        .selectFrom('animals')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(after.n)).toBe(Number(before.n))
    })
    it('accepts a birth date of today on the farm and CUIG/SENASA with any characters', async () => {
      const response = await create(body({ date_of_birth: today, cuig: 'X/1.2', senasa: '#1' }))
      expect(response.status).toBe(201)
    })
  })

  it('keeps tags unique among live animals: IDV per establishment (any case), RFID everywhere', async () => {
    const first = await created({ visual_tag: 'Unica-7', electronic_tag: '032000000000777' })
    const sameIdv = await create(body({ visual_tag: 'UNICA-7' }))
    expect(sameIdv.status).toBe(400)
    expect(await errorOf(sameIdv)).toBe(ANIMAL_MESSAGES.visualTagTaken('UNICA-7'))
    const sameRfid = await create(body({ electronic_tag: '032000000000777' }), root, eidB)
    expect(sameRfid.status).toBe(400)
    expect(await errorOf(sameRfid)).toBe(ANIMAL_MESSAGES.electronicTagTaken('032000000000777'))
    // Another establishment may use the same IDV.
    expect((await create(body({ visual_tag: 'Unica-7' }), root, eidB)).status).toBe(201)
    // A deleted animal frees its tags.
    expect((await remove(first.animal_id)).status).toBe(200)
    expect((await create(body({ visual_tag: 'unica-7', electronic_tag: '032000000000777' }))).status).toBe(
      201,
    )
  })

  it('edits with the provider body conventions, bumps the version and audits before/after', async () => {
    const animal = await created({ visual_tag: 'Edit-1', weight_at_birth: 30, origin: 'Compra X' })
    const response = await put(animal.animal_id, {
      version: String(animal.version),
      visual_tag: 'Edit-1b',
      electronic_tag: '032000000000901',
      rodeo_id: String(rodeoA),
      color_id: String(ids.colorado),
      date_of_birth: '2024/05/06 00:00:00',
      weight_at_birth: 'null',
      origin: null,
    })
    expect(response.status, await response.clone().text()).toBe(200)
    const { message, data } = await response.json()
    expect(message).toBe(ANIMAL_MESSAGES.updateSuccess)
    expect(data).toMatchObject({
      version: 2,
      visual_tag: 'Edit-1b',
      electronic_tag: '032000000000901',
      rodeo_id: rodeoA,
      color_id: ids.colorado,
      date_of_birth: '2024-05-06 00:00:00',
      weight_at_birth: null,
      origin: null,
      // Left out: kept.
      breed_id: ids.angus,
      animal_type_id: ids.vaca,
    })
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'user_id'])
      .where('entity_id', '=', animal.animal_id)
      .where('action', '=', 'animal_update')
      .executeTakeFirstOrThrow()
    expect(audit.user_id).toBe(t.users.member)
    expect(audit.before).toMatchObject({
      visual_tag: 'Edit-1',
      weight_at_birth: 30,
      origin: 'Compra X',
      rodeo_id: null,
    })
    expect(audit.after).toMatchObject({
      visual_tag: 'Edit-1b',
      weight_at_birth: null,
      origin: null,
      rodeo_id: rodeoA,
    })
    expect(Object.keys(audit.after as object)).not.toContain('breed_id')

    // Nothing changed: no new version, no audit entry.
    const same = await put(animal.animal_id, { version: 2, visual_tag: 'Edit-1b' })
    expect((await same.json()).data.version).toBe(2)
  })

  describe('refuses an edit that breaks a rule', () => {
    it.each([
      ['an empty IDV', { visual_tag: '' }, 'IDV Requerido'],
      ['a blank IDV', { visual_tag: ' ' }, 'El campo IDV no puede estar vacío'],
      ['CUIG with a dot', { cuig: 'AB.1' }, 'CUIG: Solo se permiten valores alfanuméricos, espacios o guion'],
      [
        'SENASA with a slash',
        { senasa: '01/2' },
        'SENASA: Solo se permiten valores alfanuméricos, espacios o guion',
      ],
      ['an RFID of 16 characters', { electronic_tag: '1234567890123456' }, 'RFID: Debe tener 15 caracteres'],
      ['no color', { color_id: 'null' }, 'Color Requerido'],
      ['no breed', { breed_id: null }, 'Raza Requerida'],
      ['no category', { animal_type_id: '' }, 'Categoria Requerida'],
      ['a version that is not a number', { version: 'dos' }, ANIMAL_MESSAGES.versionRequired],
    ] as [string, Body, string][])('%s', async (_name, over, message) => {
      const animal = await created()
      const response = await put(animal.animal_id, { version: animal.version, ...over })
      expect(response.status).toBe(400)
      expect(await errorOf(response)).toBe(message)
    })

    it('a mother that is the animal itself, male, of another establishment, or its own descendant', async () => {
      const cow = await created({ visual_tag: 'Abuela' })
      const daughter = await created({ visual_tag: 'Hija', mother_id: cow.animal_id })
      const granddaughter = await created({ visual_tag: 'Nieta', mother_id: daughter.animal_id })
      const bull = await created({ visual_tag: 'Toro-1', animal_type_id: ids.toro })
      const foreign = await created({ visual_tag: 'Ajena' }, eidB)
      const tryMother = async (motherId: string) => {
        const response = await put(cow.animal_id, { version: 1, mother_id: motherId })
        expect(response.status).toBe(400)
        return errorOf(response)
      }
      expect(await tryMother(cow.animal_id)).toBe(ANIMAL_MESSAGES.motherSelf)
      expect(await tryMother(bull.animal_id)).toBe(ANIMAL_MESSAGES.motherNotFemale)
      expect(await tryMother(foreign.animal_id)).toBe(ANIMAL_MESSAGES.motherNotFound)
      expect(await tryMother(granddaughter.animal_id)).toBe(ANIMAL_MESSAGES.motherDescendant)
      expect(await tryMother(daughter.animal_id)).toBe(ANIMAL_MESSAGES.motherDescendant)
      // A deleted female is no mother either.
      const gone = await created({ visual_tag: 'Borrada' })
      await remove(gone.animal_id)
      expect(await tryMother(gone.animal_id)).toBe(ANIMAL_MESSAGES.motherNotFound)
    })
  })

  it('checks only what an edit changes: an animal whose mother was deleted since can still be edited', async () => {
    const mother = await created({ visual_tag: 'Madre-Borrada' })
    const calf = await created({
      visual_tag: 'Cria-1',
      animal_type_id: ids.ternera,
      mother_id: mother.animal_id,
    })
    await remove(mother.animal_id)
    const response = await put(calf.animal_id, { version: 1, origin: 'Propio' })
    expect(response.status, await response.clone().text()).toBe(200)
    expect((await response.json()).data).toMatchObject({ origin: 'Propio', mother_id: mother.animal_id })
    // Choosing the deleted mother again is refused.
    const again = await put(calf.animal_id, { version: 2, mother_id: null })
    expect(again.status).toBe(200)
    const back = await put(calf.animal_id, { version: 3, mother_id: mother.animal_id })
    expect(await errorOf(back)).toBe(ANIMAL_MESSAGES.motherNotFound)
  })

  it('refuses a stale edit with 409 instead of overwriting a colleague’s change', async () => {
    const animal = await created({ visual_tag: 'Conflicto', origin: 'Inicial' })
    const adminToken = await t.tokenFor('admin@test.local')
    // Both open the form at version 1.
    const first = await put(animal.animal_id, { version: 1, origin: 'Cambio de Ana' }, adminToken)
    expect(first.status).toBe(200)
    const second = await put(animal.animal_id, { version: 1, origin: 'Cambio de Mario' }, member)
    expect(second.status).toBe(409)
    expect(await errorOf(second)).toBe(ANIMAL_MESSAGES.stale)
    const now = await (await t.request(`/v2/animals/${animal.animal_id}`, { token: member })).json()
    expect(now.data).toMatchObject({ origin: 'Cambio de Ana', version: 2 })
    // Reloaded, the second editor's change goes through.
    expect((await put(animal.animal_id, { version: 2, origin: 'Cambio de Mario' })).status).toBe(200)
  })

  it('serialises two simultaneous edits of the same version: one wins, the other gets 409', async () => {
    const animal = await created({ visual_tag: 'Carrera' })
    const results = await Promise.all([
      put(animal.animal_id, { version: 1, origin: 'uno' }),
      put(animal.animal_id, { version: 1, origin: 'dos' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })

  it('deletes softly: gone from reads and lists, history and audit kept', async () => {
    const animal = await created({ visual_tag: 'Borrar-1' })
    const session = await insertSession(t.db, eidA, {
      name: 'Pesada otoño',
      activity_date: '2025-04-01 00:00:00',
      cattle_handling_work: CATTLE_HANDLING_WORK.weighing,
    })
    await insertEvents(t.db, 'weighings', eidA, [
      {
        animal_id: animal.animal_id,
        cattle_handling_id: session,
        weight: 410,
        read_at: '2025-04-01 08:00:00',
      },
    ])
    const response = await remove(animal.animal_id)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ message: ANIMAL_MESSAGES.deleteSuccess })
    expect((await t.request(`/v2/animals/${animal.animal_id}`, { token: member })).status).toBe(404)
    expect((await remove(animal.animal_id)).status).toBe(404)
    const list = await (
      await t.request(`/v2/establishments/${eidA}/animals?visual_tag=Borrar-1`, { token: member })
    ).json()
    expect(list.meta.total).toBe(0)
    const row = await t.db
      .selectFrom('animals')
      .select(['deleted_at', 'deleted_by'])
      .where('id', '=', animal.animal_id)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
    expect(row.deleted_by).toBe(t.users.member)
    const weighings = await t.db
      .selectFrom('weighings')
      .select('id')
      .where('animal_id', '=', animal.animal_id)
      .execute()
    expect(weighings).toHaveLength(1)
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before'])
      .where('entity_id', '=', animal.animal_id)
      .where('action', '=', 'animal_delete')
      .executeTakeFirstOrThrow()
    expect(audit.before).toMatchObject({ visual_tag: 'Borrar-1', id: animal.animal_id })
  })

  it('applies an edit without a version (the spec wire format has none) unconditionally, and one with a version only if current', async () => {
    const animal = await created({ visual_tag: 'SinVersion-1' })
    expect((await put(animal.animal_id, { version: 1, origin: 'Con versión' })).status).toBe(200)
    // The spec's client sends no version: applied over whatever is current, like DELETE without ?version=.
    const bare = await put(animal.animal_id, { origin: 'Sin versión' })
    expect(bare.status, await bare.clone().text()).toBe(200)
    expect((await bare.json()).data).toMatchObject({ origin: 'Sin versión', version: 3 })
    const nullVersion = await put(animal.animal_id, { version: 'null', origin: 'Versión null' })
    expect(nullVersion.status).toBe(200)
    expect((await nullVersion.json()).data).toMatchObject({ origin: 'Versión null', version: 4 })
    // Given, it stays conditional.
    const stale = await put(animal.animal_id, { version: 3, origin: 'Vieja' })
    expect(stale.status).toBe(409)
    expect(await errorOf(stale)).toBe(ANIMAL_MESSAGES.stale)
  })

  it('refuses a delete based on a version a colleague has changed since, and deletes with the current one', async () => {
    const animal = await created({ visual_tag: 'Borrar-2' })
    expect((await put(animal.animal_id, { version: 1, origin: 'cambiado' })).status).toBe(200)
    const deleteAt = (version: string) =>
      t.request(`/v1/establishment/${eidA}/animals/${animal.animal_id}?version=${version}`, {
        method: 'DELETE',
        token: member,
      })
    const stale = await deleteAt('1')
    expect(stale.status).toBe(409)
    expect(await errorOf(stale)).toBe(ANIMAL_MESSAGES.staleDelete)
    expect((await t.request(`/v2/animals/${animal.animal_id}`, { token: member })).status).toBe(200)
    const bad = await deleteAt('uno')
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toBe(ANIMAL_MESSAGES.versionRequired)
    expect((await deleteAt('2')).status).toBe(200)
    expect((await t.request(`/v2/animals/${animal.animal_id}`, { token: member })).status).toBe(404)
  })

  it('keeps users of another establishment out of every read and write', async () => {
    const animal = await created({ visual_tag: 'Privada', origin: 'secreto' })
    for (const path of [
      `/v2/animals/${animal.animal_id}`,
      `/v2/animals/${animal.animal_id}/events`,
      `/v2/animals/${animal.animal_id}/alerts`,
    ]) {
      const response = await t.request(path, { token: outsider })
      expect(response.status, path).toBe(404)
      // Unknown and foreign animals answer alike.
      const unknown = await t.request(
        path.replace(animal.animal_id, '00000000-0000-4000-8000-000000000000'),
        { token: outsider },
      )
      expect(await unknown.json()).toEqual(await response.json())
    }
    const asOutsiderInA = [
      t.request(`/v1/establishment/${eidA}/animals/${animal.animal_id}`, { token: outsider }),
      put(animal.animal_id, { version: 1, origin: 'robado' }, outsider),
      remove(animal.animal_id, outsider),
      create(body(), outsider),
      t.request(`/v2/establishments/${eidA}/animals/picker`, { token: outsider }),
    ]
    for (const response of await Promise.all(asOutsiderInA)) {
      expect(response.status).toBe(403)
      expect(await errorOf(response)).toBe(ESTABLISHMENT_ACCESS_DENIED)
    }
    // Naming their own establishment with A's animal does not help.
    const viaB = [
      t.request(`/v1/establishment/${eidB}/animals/${animal.animal_id}`, { token: outsider }),
      put(animal.animal_id, { version: 1, origin: 'robado' }, outsider, eidB),
      remove(animal.animal_id, outsider, eidB),
    ]
    for (const response of await Promise.all(viaB)) expect(response.status).toBe(404)
    const still = await t.db
      .selectFrom('animals')
      .select(['origin', 'deleted_at'])
      .where('id', '=', animal.animal_id)
      .executeTakeFirstOrThrow()
    expect(still).toEqual({ origin: 'secreto', deleted_at: null })
  })

  it('lists the picker in SQL: mothers are live females without the animal and its descendants', async () => {
    const mom = await created({ visual_tag: 'PK-Madre', electronic_tag: '032000000005001' })
    const calf = await created({
      visual_tag: 'PK-Cria',
      animal_type_id: ids.ternera,
      mother_id: mom.animal_id,
    })
    await created({ visual_tag: 'PK-Nieta', animal_type_id: ids.ternera, mother_id: calf.animal_id })
    await created({ visual_tag: 'PK-Toro', animal_type_id: ids.toro, electronic_tag: '032000000005002' })
    const other = await created({ visual_tag: 'PK-Otra', electronic_tag: '032000000005003' })
    // Sex not recorded: the category says female.
    await sql`update animals set sex_id = null where id = ${other.animal_id}`.execute(t.db)
    const deleted = await created({ visual_tag: 'PK-Borrada' })
    await remove(deleted.animal_id)
    const picker = async (query: string) => {
      const response = await t.request(`/v2/establishments/${eidA}/animals/picker?${query}`, {
        token: member,
      })
      expect(response.status, query).toBe(200)
      return response.json()
    }
    const all = await picker('mode=all&visual_tag=pk-')
    expect(all.data.map((a: { caravana_visual: string }) => a.caravana_visual)).toEqual([
      'PK-Cria',
      'PK-Madre',
      'PK-Nieta',
      'PK-Otra',
      'PK-Toro',
    ])
    expect(all.data[1]).toEqual({
      uuid: mom.animal_id,
      caravana_visual: 'PK-Madre',
      caravana_electronica: '032000000005001',
      check_out_type_description: null,
      check_out_date: null,
    })
    const mothers = await picker(`mode=mother&visual_tag=PK&exclude=${mom.animal_id}`)
    expect(mothers.data.map((a: { caravana_visual: string }) => a.caravana_visual)).toEqual(['PK-Otra'])
    const byRfid = await picker('mode=mother&electronic_tag=03200000000500')
    expect(byRfid.data.map((a: { caravana_visual: string }) => a.caravana_visual)).toEqual([
      'PK-Madre',
      'PK-Otra',
    ])
    const paged = await picker('mode=all&visual_tag=PK-&perPage=2&page=3')
    expect(paged.meta).toEqual({ current_page: 3, per_page: 2, total: 5, last_page: 3 })
    expect(paged.data.map((a: { caravana_visual: string }) => a.caravana_visual)).toEqual(['PK-Toro'])
    // LIKE wildcards typed by a user match literally.
    expect((await picker('visual_tag=PK%25')).meta.total).toBe(0)
  })

  it('offers as mothers only the females still in the herd (not sold, slaughtered or dead) and counts them', async () => {
    const lookup = await lookups(t.db)
    const present = await created({ visual_tag: 'BJ-Presente' })
    for (const [visual_tag, type] of [
      ['BJ-Vendida', 'Venta'],
      ['BJ-Faenada', 'Faena'],
      ['BJ-Muerta', 'Muerte'],
    ] as const) {
      const cow = await created({ visual_tag })
      await sql`update animals set check_out_type_id = ${lookup('check_out_types', type)},
        check_out_date = '2026-03-01 00:00:00' where id = ${cow.animal_id}`.execute(t.db)
    }
    const response = await t.request(`/v2/establishments/${eidA}/animals/picker?mode=mother&visual_tag=BJ-`, {
      token: member,
    })
    const mothers = await response.json()
    expect(mothers.data.map((a: { uuid: string }) => a.uuid)).toEqual([present.animal_id])
    expect(mothers.meta.total).toBe(1)
    // Mode all (the header search) still finds them, with their check-out to mark them.
    const all = await t.request(`/v2/establishments/${eidA}/animals/picker?mode=all&visual_tag=BJ-V`, {
      token: member,
    })
    expect((await all.json()).data).toEqual([
      expect.objectContaining({
        caravana_visual: 'BJ-Vendida',
        check_out_type_description: 'Venta',
        check_out_date: '2026-03-01 00:00:00',
      }),
    ])
  })

  it('answers the timeline of every event of the animal, newest first, and its active alerts', async () => {
    const animal = await created({ visual_tag: 'Historia-1' })
    const [pesada, ia] = (await insertSessions(t.db, eidA, [
      { name: 'Pesada', cattle_handling_work: CATTLE_HANDLING_WORK.weighing },
      { name: 'IATF', cattle_handling_work: CATTLE_HANDLING_WORK.artificialInsemination },
    ])) as [number, number]
    const base = { animal_id: animal.animal_id }
    await insertEvents(t.db, 'weighings', eidA, [
      { ...base, cattle_handling_id: pesada, weight: 300, read_at: '2025-01-10 08:00:00' },
      { ...base, cattle_handling_id: pesada, weight: 330, read_at: '2025-02-09 08:00:00' },
    ])
    await insertEvents(t.db, 'artificial_inseminations', eidA, [
      { ...base, cattle_handling_id: ia, bull_id: bullA, read_at: '2025-01-20 09:00:00' },
    ])
    await insertEvents(t.db, 'notes', eidA, [{ ...base, content: 'Renguea', read_at: '2025-03-01 10:00:00' }])
    await insertAlerts(t.db, eidA, [{ ...base, description: 'Revisar pata' }])

    const events = await (await t.request(`/v2/animals/${animal.animal_id}/events`, { token: member })).json()
    expect(events.data).toEqual([
      {
        kind: 'note',
        id: expect.any(Number),
        read_at: '2025-03-01 10:00:00',
        session: null,
        content: 'Renguea',
      },
      {
        kind: 'weighing',
        id: expect.any(Number),
        read_at: '2025-02-09 08:00:00',
        session: { id: pesada, name: 'Pesada' },
        weight: 330,
        weighing_time: null,
      },
      {
        kind: 'artificial_insemination',
        id: expect.any(Number),
        read_at: '2025-01-20 09:00:00',
        session: { id: ia, name: 'IATF' },
        bull: 'Pampa',
        inseminator: null,
      },
      {
        kind: 'weighing',
        id: expect.any(Number),
        read_at: '2025-01-10 08:00:00',
        session: { id: pesada, name: 'Pesada' },
        weight: 300,
        weighing_time: null,
      },
    ])
    const alerts = await (await t.request(`/v2/animals/${animal.animal_id}/alerts`, { token: member })).json()
    expect(alerts.data).toEqual([
      expect.objectContaining({
        animal_id: animal.animal_id,
        description: 'Revisar pata',
        active: 1,
        visual_tag: 'Historia-1',
      }),
    ])
    const detail = await (await t.request(`/v2/animals/${animal.animal_id}`, { token: member })).json()
    expect(detail.data).toMatchObject({
      last_weight: 330,
      GDPV: 1,
      alerts: [{ description: 'Revisar pata' }],
    })
  })
})
