import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { uploadForm, xlsxFile } from '~/features/bulk-upload/testing.server'
import { lookups } from '../../tests/factories'
import { DATA_EXCEPTION_MESSAGE } from './app'
import { type MangaFixtures, seedMangaFixtures } from './events/fixtures.server'
import { MAX_REQUEST_BODY_BYTES, REQUEST_TOO_LARGE } from './lib/body-limit'
import { createTestApi, type TestApi } from './testing.server'

/** One past the largest `integer`: the first id the database cannot hold. */
const HUGE = 2 ** 31
/** English that zod or Hono would put in a message. */
const ENGLISH = /invalid|expected|received|too (big|small)|malformed|must|required/i

/**
 * Bad input answers 400 with a Spanish `{ error }` on every route: ids beyond `integer`, impossible
 * dates, malformed bodies and zod's own messages (security review 5, 6 and 11; spec review 4).
 */
describe.each(testEngines())('bad input answers 400 in Spanish on %s', (engine) => {
  let t: TestApi
  let f: MangaFixtures
  let admin: string
  let lookup: Awaited<ReturnType<typeof lookups>>

  async function refused(path: string, init: Parameters<TestApi['request']>[1] = {}) {
    const response = await t.request(path, { token: admin, ...init })
    const body = (await response.json()) as { error: string }
    expect(response.status, `${path} → ${JSON.stringify(body)}`).toBe(400)
    expect(body.error, path).not.toMatch(ENGLISH)
    return body.error
  }

  beforeAll(async () => {
    t = await createTestApi(engine)
    // The backstop's case: a value no schema bounded reaching a column that cannot hold it.
    t.api.get('/test/overflow', async (c) => {
      await sql`select ${HUGE}::integer`.execute(c.var.db)
      return c.json({ ok: true })
    })
    f = await seedMangaFixtures(t)
    lookup = await lookups(t.db)
    admin = await t.tokenFor('admin@test.local')
  })
  afterAll(() => t.close())

  it('refuses ids at or above 2^31 in paths, queries and bodies instead of failing in SQL', async () => {
    const errorSpy = vi.spyOn(console, 'error')
    try {
      expect(await refused(`/v2/establishment/${HUGE}/weighing`)).toBe('Establecimiento inválido')
      expect(await refused(`/v2/establishments/${HUGE}/animals`)).toBe('Establecimiento inválido')
      expect(await refused(`/v2/cattle-handlings/${HUGE}`)).toBe('Sesión inválida')
      expect(await refused(`/v2/cattle_handlings/headers?establishmentId=${HUGE}`)).toBe(
        'Establecimiento inválido',
      )
      expect(await refused(`/v2/establishment/${f.a}/weighing?rodeo=1,${HUGE}`)).toBe(
        'Rodeos: Lista de identificadores inválida',
      )
      expect(await refused(`/v2/establishment/${f.a}/weighing?ids=${HUGE}`)).toBe(
        'Lista de identificadores inválida',
      )
      expect(
        await refused(`/v2/establishment/${f.a}/weighings`, {
          method: 'POST',
          json: {
            animal_id: f.animals.cow1,
            weighing_time_id: f.weighingTimes('Control'),
            weight: 250,
            read_at: '2025-03-10 08:30:00',
            cattle_handling_id: HUGE,
          },
        }),
      ).not.toBe('')
      expect(
        await refused(`/v2/weighings/${HUGE}`, { method: 'PATCH', json: { weight: 300, version: 1 } }),
      ).toBe('Registro inválido')
      expect(
        await refused(`/v2/animals/assign-to-rodeo/${HUGE}`, {
          method: 'POST',
          json: { animal_ids: [f.animals.cow1] },
        }),
      ).toBe('Rodeo inválido')
      expect(await refused(`/v2/alerts/${HUGE}/mark-as-read`, { method: 'PATCH' })).toBe('Alerta inválida')
      expect(await refused('/v2/alerts/mark-as-read', { method: 'PATCH', json: { ids: [1, HUGE] } })).toBe(
        'Identificadores n.º 2: Identificador de alerta inválido',
      )
      const animal = {
        visual_tag: 'GRANDE-1',
        color_id: lookup('colors', 'negro'),
        breed_id: lookup('breeds', 'Angus'),
        animal_type_id: lookup('animal_types', 'Vaca'),
        check_in_type_id: lookup('check_in_types', 'Nacimiento'),
      }
      for (const [field, message] of [
        ['rodeo_id', /^Rodeo: /],
        ['father_id', /^Padre: /],
        ['color_id', /^Color Requerido$/],
      ] as const) {
        const error = await refused(`/v3/establishments/${f.a}/animals`, {
          method: 'POST',
          json: { ...animal, [field]: HUGE },
        })
        expect(error, field).toMatch(message)
      }
      const file = xlsxFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))
      for (const [path, fields, message] of [
        [
          '/v2/weighings/bulk-upload',
          { establishmentId: String(HUGE), cattle_handling_id: '1' },
          'Establecimiento inválido',
        ],
        [
          '/v2/weighings/bulk-upload',
          { establishmentId: String(f.a), cattle_handling_id: String(HUGE) },
          'Sesión inválida',
        ],
        [`/v3/establishments/${HUGE}/animals/bulk-upload`, {}, 'Establecimiento inválido'],
      ] as const) {
        expect(await refused(path, { method: 'POST', body: uploadForm(file, fields) }), path).toBe(message)
      }
      // Refused as input, never as a server fault.
      expect(errorSpy).not.toHaveBeenCalled()
    } finally {
      errorSpy.mockRestore()
    }
  })

  it('refuses impossible dates in list filters', async () => {
    const message = 'Fecha inválida: use AAAA-MM-DD'
    for (const query of ['read_at_from=2025-13-45', 'read_at_to=0000-01-01', 'read_at_from=2025-02-29']) {
      expect(await refused(`/v2/establishment/${f.a}/weighing?${query}`), query).toMatch(
        new RegExp(`^Fecha (desde|hasta): ${message}$`),
      )
    }
    expect(await refused(`/v2/establishments/${f.a}/animals?date_of_birth_from=1899-12-31`)).toBe(
      `Nacimiento desde: ${message}`,
    )
    expect(await refused(`/v2/establishments/${f.a}/animals?date_of_birth_to=2024-04-31`)).toBe(
      `Nacimiento hasta: ${message}`,
    )
    // A real day from 1900 on still filters.
    const ok = await t.request(
      `/v2/establishment/${f.a}/weighing?read_at_from=1900-01-01&read_at_to=2024-02-29`,
      { token: admin },
    )
    expect(ok.status).toBe(200)
  })

  it('names the paging and sorting parameters in Spanish', async () => {
    const weighings = `/v2/establishment/${f.a}/weighing`
    expect(await refused(`${weighings}?page=0`)).toBe('Página: Debe ser un número entero entre 1 y 1.000.000')
    expect(await refused(`${weighings}?perPage=1000`)).toBe(
      'Resultados por página: Debe ser un número entero entre 1 y 200',
    )
    expect(await refused(`${weighings}?sort=x`)).toMatch(/^Columna de orden: Opción inválida/)
    expect(await refused(`/v2/establishments/${f.a}/animals?page=abc`)).toMatch(/^Página: /)
    expect(await refused(`/v2/establishments/${f.a}/alerts?perPage=201`)).toBe(
      'Resultados por página: Debe ser un número entero entre 1 y 200',
    )
    expect(await refused(`/v2/establishments/${f.a}/animals/picker?perPage=500`)).toBe(
      'Resultados por página: Debe ser un número entero entre 1 y 50',
    )
  })

  it('answers in Spanish for ids that are not whole numbers and for a wrong body type', async () => {
    for (const id of ['abc', '1.5', '0', '-3']) {
      expect(await refused(`/v2/establishment/${id}/weighing`), id).toBe('Establecimiento inválido')
      expect(await refused(`/v2/weighings/${id}`, { method: 'PATCH', json: { weight: 1 } }), id).toBe(
        'Registro inválido',
      )
    }
    expect(
      await refused(`/v3/establishments/abc/animals/bulk-upload`, {
        method: 'POST',
        body: uploadForm(undefined),
      }),
    ).toBe('Establecimiento inválido')
    expect(
      await refused(`/v3/establishments/${f.a}/animals`, { method: 'POST', json: { establishment_id: 'x' } }),
    ).toBe('Establecimiento inválido')
    // A schema without a message of its own speaks zod's Spanish locale.
    expect(
      await refused('/v2/alerts', { method: 'POST', json: { alerts: [{ description: 7, animal_id: 'x' }] } }),
    ).toBe('Alertas n.º 1, Descripción: Entrada inválida: se esperaba texto, recibido número')
  })

  it('answers a malformed JSON or multipart body in Spanish', async () => {
    const json = await refused('/v2/alerts/mark-as-read', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{"ids": [1,',
    })
    expect(json).toBe('El cuerpo de la solicitud no es un JSON válido')
    const form = await refused('/v2/weighings/bulk-upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=nada' },
      body: 'esto no es multipart',
    })
    expect(form).toBe('El formulario enviado no es válido: envíelo como multipart/form-data')
  })

  it('refuses a body over the cap, whether its length is declared or not', async () => {
    const declared = await t.request('/v2/alerts/mark-as-read', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'content-length': String(MAX_REQUEST_BODY_BYTES + 1) },
      body: '{"ids":[1]}',
    })
    expect(declared.status).toBe(413)
    expect(await declared.json()).toEqual({ error: REQUEST_TOO_LARGE })
    // Without a declared length the body is counted as it arrives (and refused before auth runs).
    const counted = await t.request('/v2/alerts/mark-as-read', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [1], pad: 'x'.repeat(MAX_REQUEST_BODY_BYTES) }),
    })
    expect(counted.status).toBe(413)
    expect(await counted.json()).toEqual({ error: REQUEST_TOO_LARGE })
    expect(REQUEST_TOO_LARGE).toBe('La solicitud es demasiado grande (máximo 11 MB)')
  })

  it('turns a data exception of the database into a 400 without logging a stack', async () => {
    const errorSpy = vi.spyOn(console, 'error')
    const warnSpy = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const response = await t.request('/test/overflow', { token: admin })
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: DATA_EXCEPTION_MESSAGE })
      expect(errorSpy).not.toHaveBeenCalled()
      expect(warnSpy).toHaveBeenCalledWith(expect.stringContaining('22003'))
    } finally {
      errorSpy.mockRestore()
      warnSpy.mockRestore()
    }
  })
})
