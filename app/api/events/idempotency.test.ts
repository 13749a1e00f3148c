import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { ESTABLISHMENT_ACCESS_DENIED } from '~/features/establishments/establishment.schema'
import { IDEMPOTENCY_MESSAGES } from '../lib/idempotency'
import { createTestApi, type TestApi } from '../testing.server'
import { type MangaFixtures, seedMangaFixtures } from './fixtures.server'

/** Idempotent creates (decision 040): the offline chute's outbox may send a record twice. */
describe.each(testEngines())('idempotent creates on %s', (engine) => {
  let t: TestApi
  let f: MangaFixtures
  let member: string
  let outsider: string
  let serial = 0

  const key = () => `clave-prueba-${engine}-${++serial}-${Date.now()}`
  const post = (path: string, json: unknown, idempotencyKey?: string, token = member, eid = f.a) =>
    t.request(`/v2/establishment/${eid}/${path}`, {
      method: 'POST',
      token,
      json,
      headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
    })
  const weighing = (change: Record<string, unknown> = {}) => ({
    animal_id: f.animals.cow2,
    weight: 300,
    read_at: '2025-03-11 08:30:00',
    cattle_handling_id: f.sessions.weighingJune,
    confirm_repeat: true,
    ...change,
  })
  const weighingsOf = async (establishmentId: number, weight: number) =>
    (
      await t.db
        .selectFrom('weighings')
        .select('id')
        .where('establishment_id', '=', establishmentId)
        .where('weight', '=', weight)
        .execute()
    ).length

  beforeAll(async () => {
    t = await createTestApi(engine)
    f = await seedMangaFixtures(t)
    member = await t.tokenFor('member@test.local')
    outsider = await t.tokenFor('outsider@test.local')
  })
  afterAll(() => t.close())

  it('answers the same key twice with the first answer and writes one row', async () => {
    const k = key()
    const first = await post('weighings', weighing({ weight: 301 }), k)
    expect(first.status).toBe(201)
    const firstBody = await first.json()
    const second = await post('weighings', weighing({ weight: 301 }), k)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await second.json()).toEqual(firstBody)
    expect(await weighingsOf(f.a, 301)).toBe(1)
  })

  it('treats the same body with its keys in another order as the same request', async () => {
    const k = key()
    const body = weighing({ weight: 302 })
    expect((await post('weighings', body, k)).status).toBe(201)
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    expect((await post('weighings', reordered, k)).status).toBe(201)
    expect(await weighingsOf(f.a, 302)).toBe(1)
  })

  it('refuses a key reused with another body with 422 and a Spanish message, writing nothing', async () => {
    const k = key()
    expect((await post('weighings', weighing({ weight: 303 }), k)).status).toBe(201)
    const reused = await post('weighings', weighing({ weight: 304 }), k)
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.reused })
    expect(await weighingsOf(f.a, 304)).toBe(0)
    // …and for another route (a kind's key is not another kind's).
    const otherRoute = await post(
      'pregnancy-checks',
      {
        animal_id: f.animals.cow2,
        pregnancy_check_detailId: f.details('Cabeza'),
        is_ultrasound_scan: '0',
        read_at: '2025-06-02',
        cattle_handling_id: f.sessions.pc,
      },
      k,
    )
    expect(otherRoute.status).toBe(422)
  })

  it('writes one row when two identical requests arrive at once', async () => {
    const k = key()
    const answers = await Promise.all([
      post('weighings', weighing({ weight: 305 }), k),
      post('weighings', weighing({ weight: 305 }), k),
      post('weighings', weighing({ weight: 305 }), k),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201])
    const bodies = await Promise.all(answers.map((answer) => answer.json()))
    expect(new Set(bodies.map((body) => body.data.id)).size).toBe(1)
    expect(await weighingsOf(f.a, 305)).toBe(1)
  })

  it('keeps no refusal: the same key is written once the cause is gone', async () => {
    const k = key()
    // A weighing without the confirmation is refused as a repeat (decision 022)…
    expect((await post('weighings', weighing({ weight: 306 }), k)).status).toBe(201)
    const refusedKey = key()
    const refused = await post('weighings', weighing({ weight: 306, confirm_repeat: false }), refusedKey)
    expect(refused.status).toBe(409)
    expect(await weighingsOf(f.a, 306)).toBe(1)
    // …and a record of a deleted animal is refused with the Spanish reason, its key freed.
    const deleted = await post('weighings', weighing({ animal_id: f.animals.deleted4, weight: 307 }), key())
    expect(deleted.status).toBe(400)
    expect((await deleted.json()).error).toMatch(/animal/i)
    expect(
      await t.db.selectFrom('idempotency_keys').select('key').where('key', '=', refusedKey).execute(),
    ).toEqual([])
  })

  it('keeps keys per establishment: the same key in A and B are two records', async () => {
    const k = key()
    const inA = await post('weighings', weighing({ weight: 308 }), k)
    expect(inA.status).toBe(201)
    const inB = await post(
      'weighings',
      {
        animal_id: f.animals.foreign,
        weight: 308,
        read_at: '2025-03-11 08:30:00',
        cattle_handling_id: f.sessions.foreignWeighing,
      },
      k,
      outsider,
      f.b,
    )
    expect(inB.status).toBe(201)
    expect(inB.headers.get('Idempotent-Replayed')).toBeNull()
    expect(await weighingsOf(f.a, 308)).toBe(1)
    expect(await weighingsOf(f.b, 308)).toBe(1)
    // A non-member replaying A's key at A learns nothing: the guard refuses first.
    const probe = await post('weighings', weighing({ weight: 308 }), k, outsider, f.a)
    expect(probe.status).toBe(403)
    expect(await probe.json()).toEqual({ error: ESTABLISHMENT_ACCESS_DENIED })
  })

  it('refuses a malformed key, and writes as before without one', async () => {
    const bad = await post('weighings', weighing({ weight: 309 }), 'corta')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.invalid })
    expect((await post('weighings', weighing({ weight: 309 }))).status).toBe(201)
    expect((await post('weighings', weighing({ weight: 309 }))).status).toBe(201)
    expect(await weighingsOf(f.a, 309)).toBe(2)
  })

  it('makes session creates idempotent too', async () => {
    const k = key()
    const body = {
      establishmentId: f.a,
      name: 'Pesada idempotente',
      activityDate: '2025-07-01',
      description: 'Prueba',
      cattle_handling_work: 7,
    }
    const send = () =>
      t.request('/v2/cattle-handlings', {
        method: 'POST',
        token: member,
        json: body,
        headers: { 'Idempotency-Key': k },
      })
    const first = await send()
    expect(first.status).toBe(201)
    const second = await send()
    expect(second.status).toBe(201)
    expect(await second.json()).toEqual(await first.json())
    const rows = await t.db
      .selectFrom('cattle_handlings')
      .select('id')
      .where('name', '=', 'Pesada idempotente')
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('documents the header and the 422 on every create the chute uses', async () => {
    const doc = await (await t.request('/openapi.json')).json()
    for (const path of [
      `/v2/establishment/{establishmentId}/weighings`,
      `/v2/establishment/{establishmentId}/artificial-inseminations`,
      `/v2/establishment/{establishmentId}/pregnancy-checks`,
      `/v2/establishment/{establishmentId}/preservices`,
      '/v2/cattle-handlings',
    ]) {
      const operation = doc.paths[`/app-insights/api${path}`].post
      expect(
        operation.parameters.some(
          (p: { name: string; in: string }) =>
            p.name.toLowerCase() === 'idempotency-key' && p.in === 'header',
        ),
        path,
      ).toBe(true)
      expect(operation.responses['422'], path).toBeDefined()
    }
  })
})
