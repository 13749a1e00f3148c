import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
import { sexMismatchMessage } from '~/features/animals/animals.rules'
import {
  createUploadTestApi,
  fillTemplate,
  type seedUploadFixtures,
  type TestCell,
  testElectronicTag,
  uploadForm,
  xlsxFile,
} from '~/features/bulk-upload/testing.server'
import type { TestApi } from '../testing.server'

/**
 * The animal rules every write path holds (decision 031), run through each path with the same cases:
 * the record's create (POST /v3/establishments/{eid}/animals) and the animals upload
 * (…/animals/bulk-upload) must accept the same animals and refuse the same ones with the same Spanish
 * message; the category/sex rule also through the record's edit (PUT) and the bulk move to a category.
 */

type Fixtures = Awaited<ReturnType<typeof seedUploadFixtures>>

/** A new animal, as both paths take it; names are the upload fixtures' (cows V-…, males T-…). */
interface NewAnimal {
  /** The visual tag, or one per path (an accepted case takes its tag); undefined: a fresh one per path. */
  tag?: string | Record<Path, string>
  electronicTag?: string
  category?: 'Vaca' | 'Toro'
  sex?: 'Hembra' | 'Macho'
  /** YYYY-MM-DD. */
  birth?: string
  /** The mother's visual tag (an animal of the herd). */
  mother?: string
}

type Path = 'single' | 'bulk'

interface RuleCase {
  name: string
  animal: NewAnimal
  /** undefined: accepted. */
  refusal?: string
  /**
   * A rule of one value (the create schema's): the record names the field before the message
   * (decision 012: 'RFID: …'), the upload reports the bare message in the cell of its column.
   */
  field?: string
}

const CASES: RuleCase[] = [
  { name: 'a cow without a sex (the category gives it)', animal: {} },
  { name: 'a bull without a sex', animal: { category: 'Toro' } },
  {
    name: 'a cow recorded as a male',
    animal: { sex: 'Macho' },
    refusal: 'Sexo: la categoría Vaca corresponde a Hembra',
  },
  {
    name: 'a visual tag of the herd, in other letters',
    animal: { tag: 'v-001' },
    refusal: 'IDV: ya existe un animal con la caravana visual v-001 en este establecimiento',
  },
  {
    name: 'the visual tag of a deleted animal (freed)',
    animal: { tag: { single: 'DEL-S', bulk: 'DEL-U' } },
  },
  {
    name: 'the visual tag of another establishment',
    animal: { tag: { single: 'B-S', bulk: 'B-U' } },
  },
  {
    name: 'an RFID of the herd',
    animal: { electronicTag: testElectronicTag(1) },
    refusal: `RFID: la caravana electrónica ${testElectronicTag(1)} ya está asignada a otro animal`,
  },
  {
    name: 'an RFID of another establishment',
    animal: { electronicTag: testElectronicTag(900) },
    refusal: `RFID: la caravana electrónica ${testElectronicTag(900)} ya está asignada a otro animal`,
  },
  {
    name: 'a birth date in the future',
    animal: { birth: '2049-01-01' },
    field: 'Fecha de nacimiento',
    refusal: 'No puede ser una fecha futura',
  },
  {
    name: 'an RFID of 13 digits',
    animal: { electronicTag: '0320000000001' },
    field: 'RFID',
    refusal: 'Debe tener 15 caracteres',
  },
  { name: 'a cow of the herd as mother', animal: { mother: 'V-001' } },
  {
    name: 'a male as mother',
    animal: { mother: 'T-001' },
    refusal: 'Madre: el animal elegido no es una hembra',
  },
  { name: 'a mother with no recorded sex but a female category', animal: { mother: 'SIN-SEXO' } },
  {
    name: 'a mother that left the herd (decision 018)',
    animal: { mother: 'V-020' },
    refusal: 'Madre: el animal elegido ya no está en el rodeo (fue dado de baja)',
  },
]

type Outcome = { accepted: true } | { accepted: false; message: string | undefined; column?: string }

describe.each(testEngines())('the animal rules agree between the write paths on %s', (engine) => {
  let t: TestApi
  let f: Fixtures
  let eid: number
  let eidB: number
  let admin: string
  let serial = 0
  /** A tag no path has used: an accepted case must not make the other path's tag taken. */
  const freshTag = (path: Path) => `${path === 'single' ? 'S' : 'U'}-${++serial}`
  const herdId = (tag: string) => f.animalId(tag)
  /** Ids of the animals the tests add (not in the upload fixtures). */
  const extra = new Map<string, string>()
  const animalId = (tag: string) => extra.get(tag) ?? herdId(tag)

  function singleBody(a: NewAnimal, tag: string) {
    return {
      visual_tag: tag,
      electronic_tag: a.electronicTag ?? null,
      animal_type_id: f.id('animal_types', a.category ?? 'Vaca'),
      breed_id: f.id('breeds', 'Angus'),
      color_id: f.id('colors', 'negro'),
      gender: a.sex ? f.id('sexes', a.sex) : null,
      date_of_birth: a.birth ?? '2019-09-10',
      check_in_type_id: f.id('check_in_types', 'Compra'),
      mother_id: a.mother ? animalId(a.mother) : null,
    }
  }

  /** The same animal as a row of the animals template. */
  function uploadRow(a: NewAnimal, tag: string): TestCell[] {
    const [year, month, day] = (a.birth ?? '2019-09-10').split('-')
    return [
      tag,
      a.electronicTag ?? null,
      a.category ?? 'Vaca',
      'Angus',
      'negro',
      a.sex ?? null,
      `${day}/${month}/${year}`,
      null,
      null,
      null,
      'Compra',
      null,
      null,
      null,
      a.mother ?? null,
      null,
    ]
  }

  const outcome = async (response: Response, created: number): Promise<Outcome> => {
    if (response.status === created) return { accepted: true }
    const body = (await response.json()) as { error: string; rows?: { message: string; column: string }[] }
    const [problem] = body.rows ?? []
    return problem
      ? { accepted: false, message: problem.message, column: problem.column }
      : { accepted: false, message: body.error }
  }
  const tagOf = (c: RuleCase, path: Path) =>
    typeof c.animal.tag === 'string' ? c.animal.tag : (c.animal.tag?.[path] ?? freshTag(path))

  const throughSingle = (c: RuleCase) =>
    t
      .request(`/v3/establishments/${eid}/animals`, {
        method: 'POST',
        token: admin,
        json: singleBody(c.animal, tagOf(c, 'single')),
      })
      .then((response) => outcome(response, 201))

  const throughUpload = (c: RuleCase) =>
    t
      .request(`/v3/establishments/${eid}/animals/bulk-upload`, {
        method: 'POST',
        token: admin,
        body: uploadForm(xlsxFile(fillTemplate('animals', [uploadRow(c.animal, tagOf(c, 'bulk'))]))),
      })
      .then((response) => outcome(response, 201))

  beforeAll(async () => {
    let tokens: { admin: string }
    ;({ t, f, eidA: eid, eidB, tokens } = await createUploadTestApi(engine))
    admin = tokens.admin
    // The facts some cases need: a cow sold (decision 018), cows without a recorded sex.
    await t.db
      .updateTable('animals')
      .set({ check_out_date: '2025-02-01 00:00:00', check_out_type_id: f.id('check_out_types', 'Venta') })
      .where('id', '=', herdId('V-020'))
      .execute()
    const added = await t.db
      .insertInto('animals')
      .values(
        ['SIN-SEXO', 'SIN-SEXO-2', 'SIN-SEXO-3'].map((visual_tag) => ({
          establishment_id: eid,
          visual_tag,
          animal_type_id: f.id('animal_types', visual_tag === 'SIN-SEXO' ? 'Vaca' : 'Ternero'),
          sex_id: null,
        })),
      )
      .returning(['id', 'visual_tag'])
      .execute()
    for (const row of added) extra.set(row.visual_tag, row.id)
    // Tags that are free for a new animal of A: deleted ones of A, live ones of B.
    await t.db
      .insertInto('animals')
      .values([
        ...['DEL-S', 'DEL-U'].map((visual_tag) => ({
          establishment_id: eid,
          visual_tag,
          deleted_at: new Date(),
        })),
        ...['B-S', 'B-U'].map((visual_tag) => ({ establishment_id: eidB, visual_tag })),
      ])
      .execute()
    // The edit form requires a breed and a color (the fixtures' animals have none).
    await t.db
      .updateTable('animals')
      .set({ breed_id: f.id('breeds', 'Angus'), color_id: f.id('colors', 'negro') })
      .where('establishment_id', '=', eid)
      .execute()
  })
  afterAll(() => t.close())

  it.each(CASES)('$name: the record and the upload answer alike', async (c) => {
    const single = await throughSingle(c)
    const bulk = await throughUpload(c)
    if (c.refusal === undefined) {
      expect({ single, bulk }).toEqual({ single: { accepted: true }, bulk: { accepted: true } })
      return
    }
    expect({ single, bulk }).toEqual({
      single: { accepted: false, message: c.field ? `${c.field}: ${c.refusal}` : c.refusal },
      bulk: { accepted: false, message: c.refusal, column: expect.any(String) },
    })
  })

  describe('the category/sex rule through the edit and the bulk move to a category', () => {
    const edit = (tag: string, category: 'Vaca' | 'Toro') =>
      t
        .request(`/v1/establishment/${eid}/animals/${animalId(tag)}`, {
          method: 'PUT',
          token: admin,
          json: { animal_type_id: f.id('animal_types', category) },
        })
        .then((response) => outcome(response, 200))
    const move = (tags: string[], category: 'Vaca' | 'Toro') =>
      t
        .request(`/v2/animals/assign-to-type/${f.id('animal_types', category)}`, {
          method: 'POST',
          token: admin,
          json: { animal_ids: tags.map(animalId) },
        })
        .then((response) => outcome(response, 200))
    const sexOf = async (tag: string) =>
      (
        await t.db
          .selectFrom('animals as a')
          .leftJoin('sexes as s', 's.id', 'a.sex_id')
          .select('s.description')
          .where('a.id', '=', animalId(tag))
          .executeTakeFirstOrThrow()
      ).description

    it('refuses a male category for a cow on both, the move wording it for the selection', async () => {
      expect(await edit('V-002', 'Toro')).toEqual({
        accepted: false,
        message: 'Sexo: la categoría Toro corresponde a Macho',
      })
      expect(await move(['V-003'], 'Toro')).toEqual({
        accepted: false,
        message: sexMismatchMessage('Toro', 'Macho', 1, ['V-003']),
      })
      expect(await move(['V-003'], 'Toro')).toEqual({
        accepted: false,
        message:
          'La categoría Toro corresponde a Macho: 1 animal seleccionado es hembra (IDV V-003). No se modificó ninguno.',
      })
    })

    it('accepts a female category for an animal without a recorded sex on both, and fills the sex', async () => {
      expect(await edit('SIN-SEXO-2', 'Vaca')).toEqual({ accepted: true })
      expect(await move(['SIN-SEXO-3'], 'Vaca')).toEqual({ accepted: true })
      expect([await sexOf('SIN-SEXO-2'), await sexOf('SIN-SEXO-3')]).toEqual(['Hembra', 'Hembra'])
    })
  })

  it('refuses a departed mother on an edit that names her, and keeps one named before she left', async () => {
    const calf = await t.request(`/v3/establishments/${eid}/animals`, {
      method: 'POST',
      token: admin,
      json: singleBody({ mother: 'V-019' }, freshTag('single')),
    })
    expect(calf.status).toBe(201)
    const { data } = (await calf.json()) as { data: { animal_id: string } }
    await t.db
      .updateTable('animals')
      .set({ check_out_date: '2025-02-01 00:00:00' })
      .where('id', '=', herdId('V-019'))
      .execute()
    const put = (json: Record<string, unknown>) =>
      t.request(`/v1/establishment/${eid}/animals/${data.animal_id}`, { method: 'PUT', token: admin, json })
    // Another field edited: the mother, unchanged, is not judged again.
    expect((await put({ origin: 'Remate' })).status).toBe(200)
    const renamed = await put({ mother_id: herdId('V-020') })
    expect(renamed.status).toBe(400)
    expect(await renamed.json()).toEqual({
      error: 'Madre: el animal elegido ya no está en el rodeo (fue dado de baja)',
    })
  })
})
