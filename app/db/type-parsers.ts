/**
 * One decoding of PostgreSQL values for both engines, so code and tests see the same JS types
 * whether the app runs on PGlite or on a PostgreSQL server.
 */
const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114 } as const

const toNumber = (value: string) => Number(value)
const keepText = (value: string) => value

/** Parsers keyed by type OID. Ids and weights fit comfortably in a double. */
export const typeParsers: Record<number, (value: string) => unknown> = {
  [OID.int8]: toNumber,
  [OID.numeric]: toNumber,
  // A farm's dates are wall-clock values: no time zone shift when read back.
  [OID.date]: keepText,
  [OID.timestamp]: keepText,
}

/** The time zone of every session: "today" and now() mean the farm's day, not UTC's. */
export const DATABASE_TIME_ZONE = 'America/Argentina/Buenos_Aires'
