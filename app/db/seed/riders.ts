import { type Kysely, sql } from 'kysely'
import { withdrawalAlertText } from '~/features/riders/riders.schema'
import { withdrawalEnd } from '~/features/riders/treatments.rules'
import type { Database } from '../schema'
import { isoDay } from './calendar'
import { Random } from './random'

type DB = Kysely<Database>

/**
 * The riders' records of the demo (decision 036), from the herd the demo already holds, so the two
 * agree: a birth for each calf born in the last 400 days (its mother, day, sex, weight: the calf's
 * own; the calving season the herd plans), a death for each animal checked out as 'Muerte', and a
 * few treatments (with their withdrawal alerts) and rider body-condition scores near the reference
 * day. Set-based and deterministic: causes and riders are picked from each row's own id.
 */
export async function writeRiderRecords(db: DB, reference: number, userId: number | null) {
  const since = isoDay(reference - 400)
  await sql`
    insert into births (establishment_id, mother_id, calf_id, rider_id, read_at, sex_id, birth_type_id, weight_at_birth, created_by)
    select c.establishment_id, c.mother_id, c.id,
      (select r.id from riders r where r.establishment_id = c.establishment_id
        order by r.id offset (abs(hashtext(c.id::text)) % greatest(1, (select count(*) from riders x where x.establishment_id = c.establishment_id))) limit 1),
      c.date_of_birth, c.sex_id, c.birth_type_id, c.weight_at_birth, ${userId}
    from animals c
    where c.mother_id is not null and c.deleted_at is null and c.date_of_birth >= ${since}::date
  `.execute(db)
  await sql`
    insert into deaths (establishment_id, animal_id, death_cause_id, rider_id, read_at, created_by)
    select a.establishment_id, a.id,
      (select d.id from death_causes d order by d.id offset (abs(hashtext(a.id::text)) % (select count(*) from death_causes)) limit 1),
      (select r.id from riders r where r.establishment_id = a.establishment_id order by r.id limit 1),
      a.check_out_date, ${userId}
    from animals a join check_out_types t on t.id = a.check_out_type_id
    where t.description = 'Muerte' and a.deleted_at is null
  `.execute(db)

  // A few treatments and scores per establishment, on live animals, in the last weeks.
  const rng = new Random('rider-records')
  const treatments = await db.selectFrom('treatments').select(['id', 'description']).orderBy('id').execute()
  const scores = await db.selectFrom('body_conditions_riders').select('id').orderBy('id').execute()
  const establishments = await db.selectFrom('establishments').select('id').orderBy('id').execute()
  for (const { id: establishmentId } of establishments) {
    const riders = await db
      .selectFrom('riders')
      .select('id')
      .where('establishment_id', '=', establishmentId)
      .orderBy('id')
      .execute()
    const live = await db
      .selectFrom('animals')
      .select('id')
      .where('establishment_id', '=', establishmentId)
      .where('deleted_at', 'is', null)
      .where('check_out_date', 'is', null)
      .orderBy('id')
      .limit(60)
      .execute()
    if (live.length === 0 || treatments.length === 0) continue
    const treated = live.slice(0, 24)
    for (let i = 0; i < treated.length; i += 6) {
      const group = treated.slice(i, i + 6)
      const product = rng.pick(treatments)
      const day = isoDay(reference - rng.int(2, 25))
      const days = rng.pick([0, 30, 45, 60])
      const end = withdrawalEnd(day, days)
      const riderId = riders.length ? rng.pick(riders).id : null
      const alerts = days
        ? await db
            .insertInto('alerts')
            .values(
              group.map((animal) => ({
                establishment_id: establishmentId,
                animal_id: animal.id,
                description: withdrawalAlertText(product.description, end),
                ends_at: `${end} 00:00:00`,
                created_by: userId,
                created_at: `${day}T12:00:00-03:00`,
              })),
            )
            .returning(['id', 'animal_id'])
            .execute()
        : []
      const alertOf = new Map(alerts.map((a) => [a.animal_id, a.id]))
      await db
        .insertInto('animal_treatments')
        .values(
          group.map((animal) => ({
            establishment_id: establishmentId,
            animal_id: animal.id,
            treatment_id: product.id,
            dose: `${rng.int(2, 20)} ml`,
            route: rng.pick(['Subcutánea', 'Intramuscular', 'Oral', 'Pour-on']),
            withdrawal_days: days,
            rider_id: riderId,
            read_at: `${day} 00:00:00`,
            alert_id: alertOf.get(animal.id) ?? null,
            created_by: userId,
          })),
        )
        .execute()
    }
    if (scores.length) {
      await db
        .insertInto('rider_body_conditions')
        .values(
          live.slice(24).map((animal) => ({
            establishment_id: establishmentId,
            animal_id: animal.id,
            body_conditions_rider_id: rng.pick(scores).id,
            rider_id: riders.length ? rng.pick(riders).id : null,
            read_at: `${isoDay(reference - rng.int(1, 30))} 00:00:00`,
            created_by: userId,
          })),
        )
        .execute()
    }
  }
}
