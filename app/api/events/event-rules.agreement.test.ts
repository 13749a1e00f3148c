import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATTLE_HANDLING_WORK } from '~/db/schema'
import { testEngines } from '~/db/testing.server'
import {
  createUploadTestApi,
  fillTemplate,
  type seedUploadFixtures,
  type TestCell,
  uploadForm,
  xlsxFile,
} from '~/features/bulk-upload/testing.server'
import { EVENT_KIND_INFO, type EventKind } from '~/features/events/event-kinds'
import type { TestApi } from '../testing.server'

/**
 * The event rules every write path holds (decision 022), run through each path with the same cases:
 * the individual API (POST /v2/establishment/{id}/…) and the spreadsheet upload (…/bulk-upload) must
 * accept the same events and refuse the same ones with the same Spanish message.
 */

type Fixtures = Awaited<ReturnType<typeof seedUploadFixtures>>

interface RuleCase {
  name: string
  kind: EventKind
  /** An animal of the upload fixtures: cows V-001…V-020, males T-001…T-005. */
  tag: string
  /** The animal already has an event of the kind in the session. */
  alreadyInSession?: boolean
  /** undefined: accepted. */
  refusal?: string
}

const CASES: RuleCase[] = [
  { name: 'a cow is weighed', kind: 'weighing', tag: 'V-001' },
  { name: 'a male is weighed too', kind: 'weighing', tag: 'T-001' },
  {
    name: 'a weighing of an animal already weighed in the session',
    kind: 'weighing',
    tag: 'V-002',
    alreadyInSession: true,
    refusal: 'El animal ya tiene una pesada en esta sesión',
  },
  { name: 'a cow is inseminated', kind: 'artificial-insemination', tag: 'V-003' },
  {
    name: 'an insemination of a male',
    kind: 'artificial-insemination',
    tag: 'T-002',
    refusal: 'El animal T-002 es macho: no corresponde una inseminación',
  },
  {
    name: 'a second insemination in the session',
    kind: 'artificial-insemination',
    tag: 'V-004',
    alreadyInSession: true,
    refusal: 'El animal ya tiene una inseminación en esta sesión',
  },
  { name: 'a cow is checked for pregnancy', kind: 'pregnancy-check', tag: 'V-005' },
  {
    name: 'a pregnancy check of a male',
    kind: 'pregnancy-check',
    tag: 'T-003',
    refusal: 'El animal T-003 es macho: no corresponde un diagnóstico de gestación',
  },
  {
    name: 'a second pregnancy check in the session',
    kind: 'pregnancy-check',
    tag: 'V-006',
    alreadyInSession: true,
    refusal: 'El animal ya tiene un diagnóstico de gestación en esta sesión',
  },
  { name: 'a cow gets a pre-service', kind: 'preservice', tag: 'V-007' },
  {
    name: 'a pre-service of a male',
    kind: 'preservice',
    tag: 'T-004',
    refusal: 'El animal T-004 es macho: no corresponde un preservicio',
  },
  {
    name: 'a second pre-service in the session',
    kind: 'preservice',
    tag: 'V-008',
    alreadyInSession: true,
    refusal: 'El animal ya tiene un preservicio en esta sesión',
  },
]

const UPLOAD_PATH: Record<EventKind, string> = {
  weighing: '/v2/weighings/bulk-upload',
  'artificial-insemination': '/v2/artificialinseminations/bulk-upload',
  'pregnancy-check': '/v2/pregnancy-checks/bulk-upload',
  preservice: '/v2/preservices/bulk-upload',
}

type Outcome = { accepted: true } | { accepted: false; message: string | undefined }

describe.each(testEngines())('the event rules agree between the single and the bulk path on %s', (engine) => {
  let t: TestApi
  let f: Fixtures
  let eid: number
  let admin: string
  /** A session of each kind for each path, so that one path's writes are not the other's facts. */
  const sessions = new Map<string, number>()
  const sessionFor = (path: 'single' | 'bulk', kind: EventKind) => {
    const id = sessions.get(`${path}:${kind}`)
    if (id === undefined) throw new Error(`sin sesión ${path} ${kind}`)
    return id
  }

  /** The body of a valid create of the kind for the animal (spec section 7's formats). */
  function singleBody(kind: EventKind, animalId: string, session: number) {
    const common = { animal_id: animalId, cattle_handling_id: session }
    switch (kind) {
      case 'weighing':
        return { ...common, weight: 300, read_at: '2025-03-05 10:00:00' }
      case 'artificial-insemination':
        return { ...common, bull_id: f.bulls.get('Toro 1'), inseminator_id: 'null', read_at: '2025-03-05' }
      case 'pregnancy-check':
        return {
          ...common,
          pregnancy_check_detailId: f.id('pregnancy_check_details', 'Cabeza'),
          is_ultrasound_scan: '0',
          read_at: '2025-03-05',
        }
      case 'preservice':
        return { ...common, reproductive_grade_id: f.id('reproductive_grades', '3'), read_at: '2025-03-05' }
    }
  }

  /** The same event as a template row. */
  function uploadRow(kind: EventKind, tag: string): TestCell[] {
    switch (kind) {
      case 'weighing':
        return [tag, null, '05/03/2025 10:00', 300, null]
      case 'artificial-insemination':
        return [tag, null, '05/03/2025', 'Toro 1', null]
      case 'pregnancy-check':
        return [tag, null, '05/03/2025', 'Cabeza', 'No', null]
      case 'preservice':
        return [tag, null, '05/03/2025', 3, null]
    }
  }

  async function throughSingle(c: RuleCase, session: number): Promise<Outcome> {
    const response = await t.request(`/v2/establishment/${eid}/${EVENT_KIND_INFO[c.kind].resourcePath}`, {
      method: 'POST',
      token: admin,
      json: singleBody(c.kind, f.animalId(c.tag), session),
    })
    if (response.status === 201) return { accepted: true }
    return { accepted: false, message: ((await response.json()) as { error: string }).error }
  }

  async function throughUpload(c: RuleCase, session: number): Promise<Outcome> {
    const response = await t.request(UPLOAD_PATH[c.kind], {
      method: 'POST',
      token: admin,
      body: uploadForm(xlsxFile(fillTemplate(c.kind, [uploadRow(c.kind, c.tag)])), {
        establishmentId: String(eid),
        cattle_handling_id: String(session),
      }),
    })
    if (response.status === 201) return { accepted: true }
    const body = (await response.json()) as { error: string; rows?: { message: string }[] }
    return { accepted: false, message: body.rows?.[0]?.message ?? body.error }
  }

  beforeAll(async () => {
    let tokens: { admin: string }
    ;({ t, f, eidA: eid, tokens } = await createUploadTestApi(engine))
    admin = tokens.admin
    const work = {
      weighing: CATTLE_HANDLING_WORK.weighing,
      'artificial-insemination': CATTLE_HANDLING_WORK.artificialInsemination,
      'pregnancy-check': CATTLE_HANDLING_WORK.pregnancyCheck,
      preservice: CATTLE_HANDLING_WORK.preservice,
    } as const
    for (const path of ['single', 'bulk'] as const) {
      for (const kind of Object.keys(work) as EventKind[]) {
        const row = await t.db
          .insertInto('cattle_handlings')
          .values({
            establishment_id: eid,
            name: `Reglas ${path} ${kind}`,
            activity_date: '2025-03-01 00:00:00',
            cattle_handling_work: work[kind],
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        sessions.set(`${path}:${kind}`, row.id)
      }
    }
    // The facts of the "already in the session" cases: a first event, recorded the same way in both.
    for (const c of CASES.filter((candidate) => candidate.alreadyInSession)) {
      for (const path of ['single', 'bulk'] as const) {
        const first = await throughSingle(c, sessionFor(path, c.kind))
        expect(first, `${c.name}: the first event`).toEqual({ accepted: true })
      }
    }
  })
  afterAll(() => t.close())

  it.each(CASES)('$name: both paths answer alike', async (c) => {
    const expected: Outcome =
      c.refusal === undefined ? { accepted: true } : { accepted: false, message: c.refusal }
    const single = await throughSingle(c, sessionFor('single', c.kind))
    const bulk = await throughUpload(c, sessionFor('bulk', c.kind))
    expect({ single, bulk }).toEqual({ single: expected, bulk: expected })
  })

  it('records a repeat through the single path when the person confirms it (a file cannot)', async () => {
    const c = CASES.find((candidate) => candidate.alreadyInSession && candidate.kind === 'weighing')
    if (!c) throw new Error('sin caso de repetición')
    const response = await t.request(`/v2/establishment/${eid}/weighings`, {
      method: 'POST',
      token: admin,
      json: {
        ...singleBody('weighing', f.animalId(c.tag), sessionFor('single', 'weighing')),
        confirm_repeat: true,
      },
    })
    expect(response.status).toBe(201)
  })

  it('refuses an edit that moves an insemination onto a male, and one onto an animal already in the session', async () => {
    const session = sessionFor('single', 'artificial-insemination')
    const other = await throughSingle(
      { name: 'V-011', kind: 'artificial-insemination', tag: 'V-011' },
      session,
    )
    expect(other).toEqual({ accepted: true })
    const created = await t.request(`/v2/establishment/${eid}/artificial-inseminations`, {
      method: 'POST',
      token: admin,
      json: singleBody('artificial-insemination', f.animalId('V-010'), session),
    })
    expect(created.status).toBe(201)
    const { data } = (await created.json()) as {
      data: { artificial_insemination_id: number; version: number }
    }
    const patch = (json: Record<string, unknown>) =>
      t.request(`/v2/artificial-inseminations/${data.artificial_insemination_id}`, {
        method: 'PATCH',
        token: admin,
        json: { version: data.version, ...json },
      })
    const ontoMale = await patch({ animal_id: f.animalId('T-005') })
    expect(ontoMale.status).toBe(400)
    expect(await ontoMale.json()).toEqual({
      error: 'El animal T-005 es macho: no corresponde una inseminación',
    })
    const ontoRepeat = await patch({ animal_id: f.animalId('V-011') })
    expect(ontoRepeat.status).toBe(409)
    expect(await ontoRepeat.json()).toEqual({ error: 'El animal ya tiene una inseminación en esta sesión' })
    // An edit of another field, with the same animal sent again, is not judged again.
    const sameAnimal = await patch({ animal_id: f.animalId('V-010'), read_at: '2025-03-06' })
    expect(sameAnimal.status).toBe(200)
  })
})
