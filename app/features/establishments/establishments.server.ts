import type { ExpressionBuilder } from 'kysely'
import { jsonArrayFrom } from 'kysely/helpers/postgres'
import type { DB } from '~/db/database.server'
import type { Database, GENERAL_LOOKUP_TABLES, RIDER_LOOKUP_TABLES } from '~/db/schema'
import type { UserRoles } from '~/features/auth/auth.schema'
import type { AuthenticatedUser } from '~/features/auth/auth.server'
import type { Board, Establishment } from './establishment.schema'

type Caller = Pick<AuthenticatedUser, 'id' | 'is_super_admin'>

type Membership = {
  establishment_id: number
  establishment_name: string
  is_admin: boolean
  url_dashboard_cattle_handling: string | null
}

/**
 * Every establishment a caller belongs to and that is not archived, by name: one query answers
 * the three questions below. Kept per caller object: a page render's in-process calls share one
 * (the token's lookup is memoised for the outer request, decision 041), so its session, its
 * establishment and its list's access check read the memberships once instead of three times
 * (decision 051). Authentication reads them in the token's own statement (`membershipsColumn`,
 * decision 053); the query here serves a caller that did not come through it. Over a socket each
 * request has its own caller, so nothing outlives a request.
 */
const membershipsByCaller = new WeakMap<Caller, Promise<Membership[]>>()

function callerMemberships(db: DB, user: Caller): Promise<Membership[]> {
  const known = membershipsByCaller.get(user)
  if (known) return known
  const loading = db
    .selectFrom('users as u')
    .select((eb) => membershipsColumn(eb).as('memberships'))
    .where('u.id', '=', user.id)
    .executeTakeFirst()
    .then((row) => row?.memberships ?? [])
  membershipsByCaller.set(user, loading)
  loading.catch(() => membershipsByCaller.delete(user))
  return loading
}

/**
 * The caller's memberships as one JSON column of a statement over `users as u`: authentication
 * reads them with the token (auth.server.ts), so an establishment's request runs one statement
 * fewer (decision 053). Hand what it read to `knowMemberships`.
 */
export function membershipsColumn(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) {
  return jsonArrayFrom(
    eb
      .selectFrom('establishment_members as m')
      .innerJoin('establishments as e', 'e.id', 'm.establishment_id')
      .select([
        'm.establishment_id',
        'e.name as establishment_name',
        'm.is_admin',
        'e.url_dashboard_cattle_handling',
      ])
      .whereRef('m.user_id', '=', 'u.id')
      .where('e.archived_at', 'is', null)
      .orderBy('e.name'),
  )
}

/** The memberships read with the caller's token: this caller's access checks use them. */
export function knowMemberships(user: Caller, memberships: Membership[]) {
  membershipsByCaller.set(user, Promise.resolve(memberships))
}

/**
 * The establishments a user works in; a superadmin sees them all. Archived ones are left out: they
 * are hidden from every picker (decision 032); superadmins find them in Configuración.
 */
export async function listEstablishmentsForUser(db: DB, user: Caller): Promise<Establishment[]> {
  if (!user.is_super_admin)
    return (await callerMemberships(db, user)).map((m) => ({
      id: m.establishment_id,
      name: m.establishment_name,
      url_dashboard_cattle_handling: m.url_dashboard_cattle_handling,
    }))
  return db
    .selectFrom('establishments as e')
    .select(['e.id', 'e.name', 'e.url_dashboard_cattle_handling'])
    .where('e.archived_at', 'is', null)
    .orderBy('e.name')
    .execute()
}

/**
 * The caller's standing in an establishment, or undefined when they may not see it (not a member,
 * no such establishment, or archived: decision 032). Superadmins act as admins everywhere, archived
 * establishments included (they unarchive them).
 */
export async function getMembership(db: DB, user: Caller, establishmentId: number) {
  if (user.is_super_admin) {
    const exists = await db
      .selectFrom('establishments')
      .select('id')
      .where('id', '=', establishmentId)
      .executeTakeFirst()
    return exists ? { is_admin: true } : undefined
  }
  const membership = (await callerMemberships(db, user)).find((m) => m.establishment_id === establishmentId)
  return membership ? { is_admin: membership.is_admin } : undefined
}

export async function getUserRoles(db: DB, user: Caller): Promise<UserRoles> {
  const memberships = await callerMemberships(db, user)
  return {
    isSuperAdmin: user.is_super_admin,
    roleInEstablishment: memberships.map(({ establishment_id, establishment_name, is_admin }) => ({
      establishment_id,
      establishment_name,
      is_admin,
    })),
  }
}

type LookupRow = { id: number; description: string }
type LookupTable = (typeof GENERAL_LOOKUP_TABLES)[number] | (typeof RIDER_LOOKUP_TABLES)[number]

/** Spec section 3 names each framework list; the keys are those names, the values our tables. */
const GENERAL_FRAMEWORK = {
  check_in_types: 'check_in_types',
  check_out_types: 'check_out_types',
  animal_types: 'animal_types',
  colors: 'colors',
  breeds: 'breeds',
  birth_types: 'birth_types',
  pregnancy_check_details: 'pregnancy_check_details',
  weighing_time: 'weighing_times',
  body_condition_detail: 'body_condition_details',
  sex: 'sexes',
  ovarian_status: 'ovarian_statuses',
  rdg: 'reproductive_grades',
  status_type: 'status_types',
} as const satisfies Record<string, LookupTable>

const RIDER_FRAMEWORK = {
  death_causes: 'death_causes',
  treatments: 'treatments',
  body_conditions_riders: 'body_conditions_riders',
} as const satisfies Record<string, LookupTable>

async function loadLookups<T extends Record<string, LookupTable>>(db: DB, tables: T) {
  const entries = await Promise.all(
    Object.entries(tables).map(
      async ([name, table]) =>
        [name, await db.selectFrom(table).select(['id', 'description']).orderBy('id').execute()] as const,
    ),
  )
  return Object.fromEntries(entries) as { [K in keyof T]: LookupRow[] }
}

/** Spec section 3, general framework. */
export function getGeneralFramework(db: DB) {
  return loadLookups(db, GENERAL_FRAMEWORK)
}

/** Spec section 3, rider framework. */
export function getRiderFramework(db: DB) {
  return loadLookups(db, RIDER_FRAMEWORK)
}

/** Spec section 3, establishment framework: what pickers offer, so archived items (decision 033) are left out. */
export async function getEstablishmentFramework(db: DB, establishmentId: number) {
  const [rodeo, bulls, riders, inseminators, origins, owners] = await Promise.all([
    db
      .selectFrom('rodeos')
      .select(['id', 'description'])
      .where('establishment_id', '=', establishmentId)
      .where('archived_at', 'is', null)
      .orderBy('description')
      .execute(),
    db
      .selectFrom('bulls')
      .select(['id as bull_id', 'alias'])
      .where('establishment_id', '=', establishmentId)
      .where('archived_at', 'is', null)
      .orderBy('alias')
      .execute(),
    db
      .selectFrom('riders')
      .select(['key', 'description'])
      .where('establishment_id', '=', establishmentId)
      .where('archived_at', 'is', null)
      .orderBy('description')
      .execute(),
    db
      .selectFrom('inseminators')
      .select(['id as inseminator_id', 'first_name', 'last_name'])
      .where('establishment_id', '=', establishmentId)
      .where('archived_at', 'is', null)
      .orderBy('last_name')
      .execute(),
    db
      .selectFrom('origins')
      .select(['id', 'description'])
      .where('establishment_id', '=', establishmentId)
      .where('archived_at', 'is', null)
      .orderBy('description')
      .execute(),
    db
      .selectFrom('owners')
      .select(['id as owner_id', 'name'])
      .where('establishment_id', '=', establishmentId)
      .where('archived_at', 'is', null)
      .orderBy('name')
      .execute(),
  ])
  return { rodeo, bulls, riders, inseminators, origins, owners }
}

export async function listBoards(db: DB, establishmentId: number, dashboardTypeId?: 1 | 2): Promise<Board[]> {
  let query = db
    .selectFrom('boards')
    .select(['id', 'title', 'url', 'is_default as default', 'dashboard_type_id'])
    .where('establishment_id', '=', establishmentId)
    .orderBy('is_default', 'desc')
    .orderBy('title')
  if (dashboardTypeId) query = query.where('dashboard_type_id', '=', dashboardTypeId)
  return query.execute()
}
