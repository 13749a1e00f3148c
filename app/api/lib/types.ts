import type { DatabaseEngine, DatabaseHandle, DB } from '~/db/database.server'
import type { HerdAnswers } from '~/features/animals/herd-answers.server'
import type { AuthenticatedUser } from '~/features/auth/auth.server'

export interface ApiDependencies {
  /** The database; injected so tests can hand each app its own. */
  database: () => Promise<DatabaseHandle>
}

/**
 * What the host that runs the API tells it about a request, out of band: never read from the
 * request itself, so a client cannot claim it (decision 015).
 */
export interface ApiBindings {
  /**
   * The client's address: the Start route resolves it from the socket and the trusted proxies, the
   * UI's in-process calls pass on their own request's. Unset for in-process tests and unknown.
   */
  clientAddress?: string
  /**
   * The UI's in-process calls made while answering one page or read (decision 041): the host's
   * memo of the token's lookup for that one outer request, so the five or so provider calls of a
   * page render look the token up once. Unset elsewhere: every request looks its token up.
   */
  sameRequestAuth?: SameRequestAuth
  /**
   * Set by the UI's in-process client only: its JSON answers keep the route's object beside the
   * text (decision 051, in-process-answers.ts).
   */
  inProcess?: boolean
}

/** Runs `load` once per token for the outer request it belongs to, and hands every caller its answer. */
export type SameRequestAuth = (
  token: string,
  load: () => Promise<AuthenticatedUser | undefined>,
) => Promise<AuthenticatedUser | undefined>

export interface ApiEnv {
  Bindings: ApiBindings
  Variables: {
    db: DB
    engine: DatabaseEngine
    /** The app instance's cache of answers about a herd, keyed by its version (decision 043). */
    herdAnswers: HerdAnswers
    /** Set by requireAuth on every route that needs a signed-in caller. */
    user: AuthenticatedUser
    /**
     * Set by the bulk upload routes: every domain refusal answers `{ error, rows, omitted }`
     * (app/api/lib/errors.ts).
     */
    rowProblems?: true
  }
}

/** What an establishment route's guard (app/api/lib/guard.ts) hands its handler, checked. */
export interface EstablishmentEnv extends ApiEnv {
  Variables: ApiEnv['Variables'] & {
    /** The establishment the request names; the caller belongs to it. */
    establishmentId: number
    /** The caller's membership of it (a superadmin is an admin of every establishment). */
    membership: { is_admin: boolean }
  }
}
