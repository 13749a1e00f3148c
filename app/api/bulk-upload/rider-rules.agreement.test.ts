import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEngines } from '~/db/testing.server'
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
 * The riders' rules (decision 036) through both write paths with the same cases: the single API
 * (POST /v2/establishments/{id}/births | treatments) and the Masivo upload (…/bulk-upload) must
 * accept the same records and refuse the same ones with the same Spanish message. Each path gets
 * its own animal with the same facts, so one path's write is not the other's fact.
 */

type Fixtures = Awaited<ReturnType<typeof seedUploadFixtures>>

interface AnimalFacts {
  sex?: 'Macho' | 'Hembra'
  born?: string
  dead?: string
  /** A calving already recorded for her. */
  calved?: string
}

interface RuleCase {
  name: string
  kind: 'births' | 'treatments'
  /** The animal the record is about (the mother of a birth), made for each path. */
  animal: AnimalFacts
  /** The record: its day ('YYYY-MM-DD'), and what varies. */
  day?: string
  calfTag?: string
  calfRfid?: string
  weight?: number
  withdrawal?: number
  /** undefined: accepted. */
  refused?: boolean
}

const CASES: RuleCase[] = [
  { name: 'a cow calves, her calf tagged', kind: 'births', animal: {}, calfTag: 'new' },
  { name: 'a calving pending its tag', kind: 'births', animal: {} },
  { name: 'a male as the mother', kind: 'births', animal: { sex: 'Macho' }, refused: true },
  { name: 'a dead mother', kind: 'births', animal: { dead: '2025-01-05' }, refused: true },
  {
    name: "a calving before the mother's birth",
    kind: 'births',
    animal: { born: '2025-10-01' },
    refused: true,
  },
  {
    name: 'a calving 242 days after her previous one',
    kind: 'births',
    animal: { calved: '2025-01-11' },
    refused: true,
  },
  { name: 'a twin, the same day as her calving', kind: 'births', animal: { calved: '2025-09-10' } },
  { name: 'a calf tag in use', kind: 'births', animal: {}, calfTag: 'V-001', refused: true },
  {
    name: 'a calf RFID in use',
    kind: 'births',
    animal: {},
    calfTag: 'new',
    calfRfid: testElectronicTag(1),
    refused: true,
  },
  { name: 'a birth weight out of range', kind: 'births', animal: {}, weight: 95, refused: true },
  { name: 'a live animal is treated', kind: 'treatments', animal: {}, withdrawal: 30 },
  { name: 'a male is treated too', kind: 'treatments', animal: { sex: 'Macho' } },
  { name: 'a dead animal is treated', kind: 'treatments', animal: { dead: '2025-01-05' }, refused: true },
  { name: 'a withdrawal over a year', kind: 'treatments', animal: {}, withdrawal: 400, refused: true },
]

type Outcome = { accepted: true } | { accepted: false; message: string }

describe.each(testEngines())(
  'the riders rules agree between the single and the bulk path on %s',
  (engine) => {
    let t: TestApi
    let f: Fixtures
    let eid: number
    let admin: string
    let made = 0

    /** An animal of the establishment with the case's facts. */
    async function animalWith(facts: AnimalFacts) {
      made += 1
      const tag = `R-${made}`
      const sex = facts.sex ?? 'Hembra'
      const row = await t.db
        .insertInto('animals')
        .values({
          establishment_id: eid,
          visual_tag: tag,
          animal_type_id: f.id('animal_types', sex === 'Macho' ? 'Toro' : 'Vaca'),
          sex_id: f.id('sexes', sex),
          date_of_birth: `${facts.born ?? '2019-01-01'} 00:00:00`,
          ...(facts.dead && {
            check_out_type_id: f.id('check_out_types', 'Muerte'),
            check_out_date: `${facts.dead} 00:00:00`,
          }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (facts.calved) {
        await t.db
          .insertInto('births')
          .values({
            establishment_id: eid,
            mother_id: row.id,
            read_at: `${facts.calved} 00:00:00`,
            sex_id: f.id('sexes', 'Macho'),
          })
          .execute()
      }
      return { id: row.id, tag }
    }

    async function throughSingle(
      c: RuleCase,
      animal: { id: string },
      calfTag: string | null,
    ): Promise<Outcome> {
      const day = c.day ?? '2025-09-10'
      const json =
        c.kind === 'births'
          ? {
              mother_id: animal.id,
              read_at: day,
              sex_id: f.id('sexes', 'Hembra'),
              ...(c.weight !== undefined && { weight_at_birth: c.weight }),
              ...(calfTag ? { calf_visual_tag: calfTag } : { tag_pending: true }),
              ...(c.calfRfid && { calf_electronic_tag: c.calfRfid }),
            }
          : {
              animal_ids: [animal.id],
              read_at: day,
              treatment_id: f.id('treatments', 'Antibiótico'),
              withdrawal_days: c.withdrawal ?? 0,
            }
      const response = await t.request(`/v2/establishments/${eid}/${c.kind}`, {
        method: 'POST',
        token: admin,
        json,
      })
      if (response.status === 201) return { accepted: true }
      return { accepted: false, message: ((await response.json()) as { error: string }).error }
    }

    async function throughUpload(
      c: RuleCase,
      animal: { tag: string },
      calfTag: string | null,
    ): Promise<Outcome> {
      const [y, m, d] = (c.day ?? '2025-09-10').split('-')
      const date = `${d}/${m}/${y}`
      const row: TestCell[] =
        c.kind === 'births'
          ? [animal.tag, date, 'Hembra', null, c.weight ?? null, calfTag, c.calfRfid ?? null, null, null]
          : [animal.tag, null, date, 'Antibiótico', null, null, c.withdrawal ?? null, null]
      const response = await t.request(`/v2/establishments/${eid}/${c.kind}/bulk-upload`, {
        method: 'POST',
        token: admin,
        body: uploadForm(xlsxFile(fillTemplate(c.kind, [row]))),
      })
      if (response.status === 201) return { accepted: true }
      const body = (await response.json()) as { error: string; rows?: { message: string }[] }
      return { accepted: false, message: body.rows?.[0]?.message ?? body.error }
    }

    beforeAll(async () => {
      let tokens: { admin: string }
      ;({ t, f, eidA: eid, tokens } = await createUploadTestApi(engine))
      admin = tokens.admin
    })
    afterAll(() => t.close())

    it.each(CASES)('$name: the same answer on both paths', async (c) => {
      const tagOf = (path: string) => (c.calfTag === 'new' ? `CALF-${path}-${made}` : (c.calfTag ?? null))
      const singleAnimal = await animalWith(c.animal)
      const single = await throughSingle(c, singleAnimal, tagOf('S'))
      const bulkAnimal = await animalWith(c.animal)
      const bulk = await throughUpload(c, bulkAnimal, tagOf('B'))
      expect(single.accepted, JSON.stringify(single)).toBe(!c.refused)
      expect(bulk.accepted, JSON.stringify(bulk)).toBe(!c.refused)
      if (!single.accepted && !bulk.accepted) {
        // The single API may name the field before the message ('Peso al nacer: …'); the words are the same.
        // Each path's animal has its own tag: the messages are compared with the tag left out.
        const singleWords = single.message.replaceAll(singleAnimal.tag, '…')
        const bulkWords = bulk.message.replaceAll(bulkAnimal.tag, '…')
        expect(singleWords.endsWith(bulkWords), `${singleWords} | ${bulkWords}`).toBe(true)
      }
    })
  },
)
