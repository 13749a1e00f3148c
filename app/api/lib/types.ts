import type { DB } from '~/db/database.server'

export interface ApiDependencies {
  /** The database; injected so tests can hand each app its own. */
  getDb: () => Promise<DB>
}

export interface ApiEnv {
  Variables: {
    db: DB
  }
}
