import type { TestApi } from '../testing.server'

/**
 * What the event tests need in the test API's two establishments: lookups, a bull and an
 * inseminator in each, three live animals and one deleted in A, one animal in B, and a session of
 * every work type in A (one of each in B too).
 */
export async function seedMangaFixtures(t: TestApi) {
  const { db } = t
  const a = t.establishments.a.id
  const b = t.establishments.b.id
  const lookup = async <const D extends string>(
    table:
      | 'weighing_times'
      | 'pregnancy_check_details'
      | 'reproductive_grades'
      | 'ovarian_statuses'
      | 'animal_types'
      | 'body_condition_details',
    descriptions: readonly D[],
  ) => {
    const rows = await db
      .insertInto(table)
      .values(descriptions.map((description) => ({ description })))
      .returning(['id', 'description'])
      .execute()
    return (description: D) => {
      const row = rows.find((candidate) => candidate.description === description)
      if (!row) throw new Error(`no se creó ${description}`)
      return row.id
    }
  }
  const weighingTimes = await lookup('weighing_times', ['Destete', 'Control'])
  const details = await lookup('pregnancy_check_details', ['Cabeza', 'Vacia'])
  const grades = await lookup('reproductive_grades', ['1', '2'])
  const ovarian = await lookup('ovarian_statuses', ['Ciclando', 'Anestro sup'])
  const categories = await lookup('animal_types', ['Vaca', 'Ternero'])
  const bodyConditions = await lookup('body_condition_details', ['3', '4'])
  const [bullA, bullB] = await db
    .insertInto('bulls')
    .values([
      { establishment_id: a, alias: 'Toro A' },
      { establishment_id: b, alias: 'Toro B' },
    ])
    .returning('id')
    .execute()
  const [inseminatorA, inseminatorB] = await db
    .insertInto('inseminators')
    .values([
      { establishment_id: a, first_name: 'Juan', last_name: 'Pérez' },
      { establishment_id: b, first_name: 'Otro', last_name: 'Ajeno' },
    ])
    .returning('id')
    .execute()
  const [rodeoA] = await db
    .insertInto('rodeos')
    .values({ establishment_id: a, description: 'General' })
    .returning('id')
    .execute()
  const animals = await db
    .insertInto('animals')
    .values([
      {
        establishment_id: a,
        visual_tag: 'VACA-1',
        electronic_tag: '032000000000001',
        animal_type_id: categories('Vaca'),
        rodeo_id: rodeoA?.id,
        date_of_birth: '2024-01-01 00:00:00',
        weight_at_birth: 30,
      },
      { establishment_id: a, visual_tag: 'VACA-2', animal_type_id: categories('Vaca') },
      { establishment_id: a, visual_tag: 'TERNERO-3', animal_type_id: categories('Ternero') },
      { establishment_id: a, visual_tag: 'BORRADA-4', deleted_at: new Date() },
      { establishment_id: b, visual_tag: 'OMBU-1' },
    ])
    .returning('id')
    .execute()
  const [cow1, cow2, calf3, deleted4, foreign] = animals.map((row) => row.id)
  const sessions = await db
    .insertInto('cattle_handlings')
    .values([
      {
        establishment_id: a,
        name: 'IATF otoño',
        activity_date: '2025-04-01 00:00:00',
        cattle_handling_work: 1,
      },
      { establishment_id: a, name: 'Tacto', activity_date: '2025-06-01 00:00:00', cattle_handling_work: 2 },
      {
        establishment_id: a,
        name: 'Preservicio',
        activity_date: '2025-03-01 00:00:00',
        cattle_handling_work: 3,
      },
      {
        establishment_id: a,
        name: 'Pesada marzo',
        activity_date: '2025-03-10 00:00:00',
        cattle_handling_work: 7,
      },
      {
        establishment_id: a,
        name: 'Pesada junio',
        activity_date: '2025-06-10 00:00:00',
        cattle_handling_work: 7,
      },
      {
        establishment_id: b,
        name: 'Pesada ajena',
        activity_date: '2025-03-10 00:00:00',
        cattle_handling_work: 7,
      },
      {
        establishment_id: b,
        name: 'IATF ajena',
        activity_date: '2025-03-10 00:00:00',
        cattle_handling_work: 1,
      },
    ])
    .returning('id')
    .execute()
  const [ai, pc, ps, weighingMarch, weighingJune, foreignWeighing, foreignAi] = sessions.map((row) => row.id)
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('fixture incompleta')
    return value
  }
  return {
    a,
    b,
    weighingTimes,
    details,
    grades,
    ovarian,
    categories,
    bodyConditions,
    bullA: need(bullA).id,
    bullB: need(bullB).id,
    inseminatorA: need(inseminatorA).id,
    inseminatorB: need(inseminatorB).id,
    animals: {
      cow1: need(cow1),
      cow2: need(cow2),
      calf3: need(calf3),
      deleted4: need(deleted4),
      foreign: need(foreign),
    },
    sessions: {
      ai: need(ai),
      pc: need(pc),
      ps: need(ps),
      weighingMarch: need(weighingMarch),
      weighingJune: need(weighingJune),
      foreignWeighing: need(foreignWeighing),
      foreignAi: need(foreignAi),
    },
  }
}
export type MangaFixtures = Awaited<ReturnType<typeof seedMangaFixtures>>
