import type { DatabaseEngine, DatabaseHandle, DB } from '~/db/database.server'
import type { AuthenticatedUser } from '~/features/auth/auth.server'

export interface ApiDependencies {
  /** The database; injected so tests can hand each app its own. */
  database: () => Promise<DatabaseHandle>
}

export interface ApiEnv {
  Variables: {
    db: DB
    engine: DatabaseEngine
    /** Set by requireAuth on every route that needs a signed-in caller. */
    user: AuthenticatedUser
  }
}
