import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Kysely's view of the tables created by app/db/migrations. Keep in step with the migrations:
 * app/db/constraints.test.ts writes and reads every table through these types.
 *
 * Both drivers are given the same type parsers (app/db/type-parsers.ts): bigint and numeric come
 * back as numbers, `timestamp` (a farm's wall-clock date, no time zone) as the text
 * 'YYYY-MM-DD HH:mm:ss', and `timestamptz` (an instant) as a Date.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>
/** A wall-clock date and time, 'YYYY-MM-DD HH:mm:ss'. */
type LocalDateTime = ColumnType<string, string, string>
type Numeric = ColumnType<number, number | string, number | string>
type Id = Generated<number>
type BigId = ColumnType<number, number | undefined, number>
type Version = Generated<number>
/** When a framework row was archived (migration 0008); null while in use, optional on insert. */
type ArchivedAt = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface UsersTable {
  id: Id
  email: string
  name: Generated<string>
  surname: Generated<string>
  password_hash: string
  must_change_password: Generated<boolean>
  is_super_admin: Generated<boolean>
  created_at: CreatedAt
  updated_at: CreatedAt
  version: Version
  /** Set by a superadministrador: the account can no longer sign in (migration 0007). */
  deactivated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface EstablishmentsTable {
  id: Id
  name: string
  url_dashboard_cattle_handling: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
  version: Version
  /** Archived: hidden from pickers, data kept (migration 0007). */
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface InvitationsTable {
  id: Id
  establishment_id: number
  email: string
  name: Generated<string>
  surname: Generated<string>
  is_admin: Generated<boolean>
  token_hash: string
  invited_by: number | null
  created_at: CreatedAt
  sent_at: CreatedAt
  expires_at: Timestamp
  accepted_at: Timestamp | null
  revoked_at: Timestamp | null
}

export interface EstablishmentMembersTable {
  user_id: number
  establishment_id: number
  is_admin: Generated<boolean>
  created_at: CreatedAt
}

export interface AuthTokensTable {
  id: BigId
  user_id: number
  token_hash: string
  created_at: CreatedAt
  last_used_at: Timestamp | null
  expires_at: Timestamp
  revoked_at: Timestamp | null
  user_agent: string | null
}

export interface PasswordResetTokensTable {
  id: BigId
  user_id: number
  token_hash: string
  created_at: CreatedAt
  expires_at: Timestamp
  used_at: Timestamp | null
  requested_ip: string | null
}

export interface LoginDevicesTable {
  id: BigId
  user_id: number
  token_hash: string
  created_at: CreatedAt
  last_used_at: CreatedAt
}

export interface LoginThrottlesTable {
  key: string
  user_id: number
  failures: Generated<number>
  locked_until: Timestamp | null
  updated_at: Timestamp
}

/** A write's idempotency key (migration 0013, decision 040). */
export interface IdempotencyKeysTable {
  establishment_id: number
  key: string
  route: string
  request_hash: string
  status: number | null
  response: ColumnType<unknown, string | null, string | null> | null
  created_at: CreatedAt
}

export interface RateLimitsTable {
  key: string
  window_started_at: Timestamp
  hits: Generated<number>
}

export interface LookupTable {
  id: Id
  description: string
}

export interface RodeosTable {
  id: Id
  establishment_id: number
  description: string
  created_at: CreatedAt
  /** Set when archived (migration 0008): hidden from pickers, still named in history. */
  archived_at: ArchivedAt
}

export interface BullsTable {
  id: Id
  establishment_id: number
  alias: string
  breed_id: number | null
  /** Herd-book registration or RFID (migration 0008). */
  registration: ColumnType<string | null, string | null | undefined, string | null>
  created_at: CreatedAt
  archived_at: ArchivedAt
}

export interface InseminatorsTable {
  id: Id
  establishment_id: number
  first_name: string
  last_name: Generated<string>
  created_at: CreatedAt
  archived_at: ArchivedAt
}

export interface RidersTable {
  id: Id
  establishment_id: number
  key: string
  description: string
  archived_at: ArchivedAt
}

export interface OriginsTable {
  id: Id
  establishment_id: number
  description: string
  archived_at: ArchivedAt
}

export interface OwnersTable {
  id: Id
  establishment_id: number
  name: string
  archived_at: ArchivedAt
}

export interface AnimalsTable {
  id: Generated<string>
  establishment_id: number
  visual_tag: string
  electronic_tag: string | null
  cuig: string | null
  senasa: string | null
  rodeo_id: number | null
  animal_type_id: number | null
  breed_id: number | null
  color_id: number | null
  sex_id: number | null
  birth_type_id: number | null
  check_in_type_id: number | null
  check_in_date: LocalDateTime | null
  check_out_type_id: number | null
  check_out_date: LocalDateTime | null
  origin: string | null
  owner_id: number | null
  current_status_id: number | null
  date_of_birth: LocalDateTime | null
  weight_at_birth: Numeric | null
  father_id: number | null
  mother_id: string | null
  donor_mother_id: string | null
  service_bull_id: number | null
  service_date: LocalDateTime | null
  sync_at: Timestamp | null
  /** Maintained by database triggers: never written by the application. */
  last_weighing_id: ColumnType<number | null, never, never>
  last_weight: ColumnType<number | null, never, never>
  last_weight_read_at: ColumnType<string | null, never, never>
  previous_weight: ColumnType<number | null, never, never>
  previous_weight_read_at: ColumnType<string | null, never, never>
  first_weight: ColumnType<number | null, never, never>
  first_weight_read_at: ColumnType<string | null, never, never>
  last_body_condition_id: ColumnType<number | null, never, never>
  last_pregnancy_check_id: ColumnType<number | null, never, never>
  last_preservice_id: ColumnType<number | null, never, never>
  last_artificial_insemination_id: ColumnType<number | null, never, never>
  /** Generated: kg/day between the last two weighings (docs/decisions/007). */
  gdpv: ColumnType<number | null, never, never>
  /** Generated: kg/day from birth weight to the last weighing. */
  gdpvital: ColumnType<number | null, never, never>
  created_by: number | null
  created_at: CreatedAt
  updated_by: number | null
  updated_at: CreatedAt
  version: Version
  deleted_at: Timestamp | null
  deleted_by: number | null
}

/** Session work codes (spec section 9). */
export const CATTLE_HANDLING_WORK = {
  artificialInsemination: 1,
  pregnancyCheck: 2,
  preservice: 3,
  weighing: 7,
} as const
export type CattleHandlingWork = (typeof CATTLE_HANDLING_WORK)[keyof typeof CATTLE_HANDLING_WORK]

export interface CattleHandlingsTable {
  id: Id
  establishment_id: number
  name: string
  description: Generated<string>
  activity_date: LocalDateTime
  cattle_handling_work: CattleHandlingWork
  created_by: number | null
  created_at: CreatedAt
  updated_at: CreatedAt
  version: Version
}

interface EventColumns<W extends CattleHandlingWork> {
  id: BigId
  establishment_id: number
  animal_id: string
  cattle_handling_id: number
  cattle_handling_work: ColumnType<W, W | undefined, never>
  read_at: LocalDateTime
  chute_order: number | null
  created_by: number | null
  created_at: CreatedAt
  updated_at: CreatedAt
  version: Version
}

export interface ArtificialInseminationsTable extends EventColumns<1> {
  bull_id: number | null
  inseminator_id: number | null
}

export interface PregnancyChecksTable extends EventColumns<2> {
  pregnancy_check_detail_id: number | null
  is_ultrasound_scan: Generated<boolean>
}

export interface PreservicesTable extends EventColumns<3> {
  reproductive_grade_id: number | null
  ovarian_status_id: number | null
}

export interface WeighingsTable extends EventColumns<7> {
  weighing_time_id: number | null
  weight: Numeric
  /** Kept by the weighings' trigger (migration 0004): the gain since the animal's previous weighing. */
  gdpv: ColumnType<number | null, never, never>
}

export interface BodyConditionsTable {
  id: BigId
  establishment_id: number
  animal_id: string
  cattle_handling_id: number | null
  body_condition_detail_id: number
  read_at: LocalDateTime
  created_by: number | null
  created_at: CreatedAt
}

export interface NotesTable {
  id: BigId
  establishment_id: number
  animal_id: string
  cattle_handling_id: number | null
  content: string
  read_at: ColumnType<string, string | undefined, string>
  created_by: number | null
  created_at: CreatedAt
  /** The rider who wrote it in the paddock (migration 0010); null for a note taken at the chute. */
  rider_id: ColumnType<number | null, number | null | undefined, number | null>
}

export interface AlertsTable {
  id: BigId
  establishment_id: number
  animal_id: string
  description: string
  active: Generated<boolean>
  read_at: Timestamp | null
  read_by: number | null
  created_by: number | null
  created_at: CreatedAt
  updated_at: CreatedAt
  /** Wall-clock moment it stops being active by itself (a treatment's withdrawal end, 0010). */
  ends_at: ColumnType<string | null, string | null | undefined, string | null>
}

/** Rider records (migration 0010, decision 036). */
type RiderRecordBase = {
  id: BigId
  establishment_id: number
  rider_id: number | null
  read_at: LocalDateTime
  created_by: number | null
  created_at: CreatedAt
  updated_at: CreatedAt
  version: Version
}

export interface BirthsTable extends RiderRecordBase {
  mother_id: string
  calf_id: string | null
  sex_id: number | null
  birth_type_id: number | null
  weight_at_birth: Numeric | null
  note: string | null
}

export interface DeathsTable extends RiderRecordBase {
  animal_id: string
  death_cause_id: number | null
  note: string | null
}

export interface AnimalTreatmentsTable extends RiderRecordBase {
  animal_id: string
  treatment_id: number
  dose: string | null
  route: string | null
  withdrawal_days: Generated<number>
  /** Generated: the day of the treatment plus the withdrawal days ('YYYY-MM-DD'). */
  withdrawal_end: ColumnType<string, never, never>
  alert_id: number | null
}

export interface RiderBodyConditionsTable extends RiderRecordBase {
  animal_id: string
  body_conditions_rider_id: number
}

/** Dashboard types (spec section 9). */
export const DASHBOARD_TYPE = { rfi: 1, feedlot: 2 } as const

export interface BoardsTable {
  id: Id
  establishment_id: number
  title: string
  url: string | null
  is_default: Generated<boolean>
  dashboard_type_id: 1 | 2
  created_at: CreatedAt
}

/** A rodeo marked as a feedlot pen (migration 0012, decision 038). */
/** The day each animal last entered its current rodeo (migration 0014, kept by a trigger). */
export interface AnimalRodeoEntriesTable {
  animal_id: string
  rodeo_id: number | null
  entered_on: string
  /** The first weighing on or after `entered_on`, computed by triggers (migration 0015), never written. */
  entry_weight: ColumnType<number | null, never, never>
  entry_weighed_at: ColumnType<string | null, never, never>
}

/**
 * Each AI service's IATF outcome (migration 0018, decision 045): kept by triggers on the services and
 * checks, never written by the app. `pregnancy_check_detail_id` is the attributed check's detail.
 */
export interface ServiceOutcomesTable {
  service_id: ColumnType<number, never, never>
  establishment_id: ColumnType<number, never, never>
  animal_id: ColumnType<string, never, never>
  read_at: ColumnType<string, never, never>
  cattle_handling_id: ColumnType<number, never, never>
  bull_id: ColumnType<number | null, never, never>
  inseminator_id: ColumnType<number | null, never, never>
  pregnancy_check_detail_id: ColumnType<number | null, never, never>
}

export interface FeedlotPensTable {
  rodeo_id: number
  establishment_id: number
  target_weight: Numeric
  created_at: CreatedAt
}

export interface FeedDeliveriesTable {
  id: BigId
  establishment_id: number
  rodeo_id: number
  /** yyyy-mm-dd */
  delivered_on: ColumnType<string, string, string>
  kg_as_fed: Numeric
  dry_matter_pct: Numeric
  created_by: number | null
  created_at: CreatedAt
}

/** One animal's intake on one day, from an electronic feeder (decision 039). */
export interface IntakeRecordsTable {
  animal_id: string
  intake_on: ColumnType<string, string, string>
  establishment_id: number
  kg_as_fed: Numeric
  dry_matter_pct: Numeric
  created_at: CreatedAt
}

export interface RfiTestsTable {
  id: Id
  establishment_id: number
  name: string
  rodeo_id: number
  start_date: ColumnType<string, string, string>
  end_date: ColumnType<string, string, string>
  adaptation_days: number
  created_by: number | null
  created_at: CreatedAt
}

export interface RfiTestAnimalsTable {
  rfi_test_id: number
  animal_id: string
}

export interface AuditLogTable {
  id: BigId
  occurred_at: CreatedAt
  user_id: number | null
  establishment_id: number | null
  action: string
  entity: string
  entity_id: string | null
  before: unknown
  after: unknown
}

/** One row: a token replaced by any write to the lookups the list names (migration 0006). */
export interface FrameworkVersionTable {
  singleton: Generated<boolean>
  token: Generated<string>
}

/**
 * One row per establishment (migration 0019, decision 043): a token replaced by any write to what
 * the animal list reads, and the herd's live (not deleted) and active (not checked out) counts.
 */
export interface HerdVersionsTable {
  establishment_id: number
  token: Generated<string>
  live_animals: Generated<number>
  active_animals: Generated<number>
}

/** Capacitación Digital (migration 0011): a course is general when establishment_id is null. */
export interface CoursesTable {
  id: Id
  establishment_id: number | null
  title: string
  summary: Generated<string>
  pass_mark: Generated<number>
  created_by: number | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface CourseLessonsTable {
  id: Id
  course_id: number
  position: number
  title: string
  body: Generated<string>
  video_url: Generated<string>
}

export interface CourseAttachmentsTable {
  id: Id
  lesson_id: number
  file_name: string
  media_type: string
  size: number
  content: Uint8Array
  created_by: number | null
  created_at: CreatedAt
}

export interface CourseQuestionsTable {
  id: Id
  course_id: number
  position: number
  prompt: string
  /** A JSON array of the options' texts. */
  options: ColumnType<string[], string, string>
  correct_option: number
}

export interface CourseLessonProgressTable {
  user_id: number
  lesson_id: number
  completed_at: CreatedAt
}

export interface CourseQuizResultsTable {
  user_id: number
  course_id: number
  best_score: number
  passed: boolean
  attempts: Generated<number>
  submitted_at: CreatedAt
  passed_at: Timestamp | null
}

export interface Database {
  users: UsersTable
  establishments: EstablishmentsTable
  establishment_members: EstablishmentMembersTable
  invitations: InvitationsTable
  auth_tokens: AuthTokensTable
  password_reset_tokens: PasswordResetTokensTable
  rate_limits: RateLimitsTable
  login_devices: LoginDevicesTable
  login_throttles: LoginThrottlesTable
  idempotency_keys: IdempotencyKeysTable
  check_in_types: LookupTable
  check_out_types: LookupTable
  animal_types: LookupTable
  colors: LookupTable
  breeds: LookupTable
  birth_types: LookupTable
  pregnancy_check_details: LookupTable
  weighing_times: LookupTable
  body_condition_details: LookupTable
  sexes: LookupTable
  ovarian_statuses: LookupTable
  reproductive_grades: LookupTable
  status_types: LookupTable
  death_causes: LookupTable
  treatments: LookupTable
  body_conditions_riders: LookupTable
  rodeos: RodeosTable
  bulls: BullsTable
  inseminators: InseminatorsTable
  riders: RidersTable
  origins: OriginsTable
  owners: OwnersTable
  animals: AnimalsTable
  cattle_handlings: CattleHandlingsTable
  artificial_inseminations: ArtificialInseminationsTable
  pregnancy_checks: PregnancyChecksTable
  preservices: PreservicesTable
  weighings: WeighingsTable
  body_conditions: BodyConditionsTable
  notes: NotesTable
  alerts: AlertsTable
  births: BirthsTable
  deaths: DeathsTable
  animal_treatments: AnimalTreatmentsTable
  rider_body_conditions: RiderBodyConditionsTable
  boards: BoardsTable
  feedlot_pens: FeedlotPensTable
  animal_rodeo_entries: AnimalRodeoEntriesTable
  service_outcomes: ServiceOutcomesTable
  feed_deliveries: FeedDeliveriesTable
  intake_records: IntakeRecordsTable
  rfi_tests: RfiTestsTable
  rfi_test_animals: RfiTestAnimalsTable
  audit_log: AuditLogTable
  framework_version: FrameworkVersionTable
  herd_versions: HerdVersionsTable
  courses: CoursesTable
  course_lessons: CourseLessonsTable
  course_attachments: CourseAttachmentsTable
  course_questions: CourseQuestionsTable
  course_lesson_progress: CourseLessonProgressTable
  course_quiz_results: CourseQuizResultsTable
}

/** The general lookup tables, all shaped { id, description }. */
export const GENERAL_LOOKUP_TABLES = [
  'check_in_types',
  'check_out_types',
  'animal_types',
  'colors',
  'breeds',
  'birth_types',
  'pregnancy_check_details',
  'weighing_times',
  'body_condition_details',
  'sexes',
  'ovarian_statuses',
  'reproductive_grades',
  'status_types',
] as const satisfies readonly (keyof Database)[]

export const RIDER_LOOKUP_TABLES = [
  'death_causes',
  'treatments',
  'body_conditions_riders',
] as const satisfies readonly (keyof Database)[]

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type Animal = Selectable<AnimalsTable>
export type NewAnimal = Insertable<AnimalsTable>
export type AnimalUpdate = Updateable<AnimalsTable>
export type Establishment = Selectable<EstablishmentsTable>
export type CattleHandling = Selectable<CattleHandlingsTable>
