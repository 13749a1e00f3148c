import type { Migration, MigrationProvider } from 'kysely/migration'
import * as m0001 from './0001_initial'
import * as m0002 from './0002_animal_list'
import * as m0003 from './0003_cattle_handling'
import * as m0004 from './0004_login_throttles'
import * as m0005 from './0005_weighing_gains'
import * as m0006 from './0006_framework_version'
import * as m0007 from './0007_configuration'
import * as m0008 from './0008_framework_archive'
import * as m0010 from './0010_rider_records'
import * as m0011 from './0011_capacitations'
import * as m0012 from './0012_feed_efficiency'
import * as m0013 from './0013_idempotency_keys'
import * as m0014 from './0014_rodeo_entries'
import * as m0015 from './0015_rodeo_entry_weighings'
import * as m0016 from './0016_offline_course'
import * as m0017 from './0017_insight_aggregates'
import * as m0018 from './0018_service_outcomes'
import * as m0019 from './0019_herd_versions'

/**
 * Migrations are bundled with the server code rather than read from disk, so the production
 * build finds them wherever it is installed. Add each new migration here, in order.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_animal_list': m0002,
  '0003_cattle_handling': m0003,
  '0004_login_throttles': m0004,
  '0005_weighing_gains': m0005,
  '0006_framework_version': m0006,
  '0007_configuration': m0007,
  '0008_framework_archive': m0008,
  '0010_rider_records': m0010,
  '0011_capacitations': m0011,
  '0013_idempotency_keys': m0013,
  '0012_feed_efficiency': m0012,
  '0014_rodeo_entries': m0014,
  '0015_rodeo_entry_weighings': m0015,
  '0016_offline_course': m0016,
  '0017_insight_aggregates': m0017,
  '0018_service_outcomes': m0018,
  '0019_herd_versions': m0019,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
}
