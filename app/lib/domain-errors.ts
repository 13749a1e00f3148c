/**
 * The ways the domain refuses a request, named by what went wrong rather than by an HTTP status
 * (decision 020). Features throw these from `*.server.ts` and rules modules; the provider API maps
 * them to HTTP in one place (`app/api/lib/errors.ts`, the app's `onError`), and a future caller
 * that is not HTTP (offline sync, a script) reads the same kinds. Client-safe: no server import.
 *
 * Every message is Spanish and is shown to the user as written.
 */
export type DomainErrorKind =
  /** The thing named does not exist, or belongs to an establishment the caller cannot see. */
  | 'not-found'
  /** The request contradicts the current state (a stale version, a duplicate, a closed session). */
  | 'conflict'
  /** The request itself is wrong: a value, a combination, a reference; `field` names it if one. */
  | 'invalid'
  /** The caller is known but may not do this. */
  | 'forbidden'
  /** The payload is larger than the limits allow. */
  | 'too-large'
  /** A shared resource is busy right now; trying again later can succeed. */
  | 'unavailable'

/** A row of a spreadsheet and what is wrong with it (the bulk upload's `rows`). */
export interface RowProblem {
  /** The spreadsheet's row number as Excel numbers it. */
  row: number
  /** The column's header. */
  column: string
  message: string
}

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly options: {
      /** The request field the message is about (wire name), when there is one. */
      field?: string
      /** Per-row problems of a multi-row write (bulk upload), listed in the answer. */
      rows?: RowProblem[]
      /** How many further row problems were left out of `rows`. */
      omitted?: number
    } = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }

  get field() {
    return this.options.field
  }
}

export const notFound = (message: string) => new DomainError('not-found', message)
export const conflict = (message: string) => new DomainError('conflict', message)
export const invalid = (message: string, field?: string) =>
  new DomainError('invalid', message, field === undefined ? {} : { field })
export const forbidden = (message: string) => new DomainError('forbidden', message)

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError
}
