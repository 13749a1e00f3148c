import type { DatabaseEngine, DatabaseHandle, DB } from '~/db/database.server'

export interface ApiDependencies {
  /** The database; injected so tests can hand each app its own. */
  database: () => Promise<DatabaseHandle>
}

export interface ApiEnv {
  Variables: {
    db: DB
    engine: DatabaseEngine
  }
}
