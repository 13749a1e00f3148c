/**
 * The rules of a calving, whatever the path that records it (decision 036): the riders' form and API
 * (`births.server.ts`) and the births upload. Pure and client-safe; each path loads the facts (the
 * mother, her other calvings, whether the calf's tag is taken) its own way.
 */
import { formatDate } from '~/lib/format'

/** Shortest plausible interval between two calvings of a cow (gestation is about 283 days). */
export const MIN_CALVING_INTERVAL_DAYS = 280

export const BIRTH_RULE_MESSAGES = {
  beforeMotherBirth: (motherTag: string, motherBirth: string) =>
    `La fecha del parto es anterior al nacimiento de la madre ${motherTag} (${formatDate(motherBirth)})`,
  tooSoon: (motherTag: string, other: string, days: number) =>
    `La madre ${motherTag} tiene otro parto el ${formatDate(other)}, a ${days} días: entre dos partos deben pasar al menos ${MIN_CALVING_INTERVAL_DAYS} días`,
  calfTagTaken: (tag: string) =>
    `Caravana del ternero: ya existe un animal con la caravana visual ${tag} en este establecimiento`,
  calfHasEvents: (tag: string) =>
    `El ternero ${tag} ya tiene sus propios registros (pesadas, tratamientos u otros): no se puede eliminar; elija conservarlo`,
  askCalf: (tag: string) =>
    `Este parto creó el ternero ${tag}. Indique si conserva el ternero o lo elimina junto con el parto.`,
} as const

const DAY_MS = 86_400_000
const dayNumber = (day: string) =>
  Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) / DAY_MS

/** Whole days between two 'YYYY-MM-DD…' days (absolute). */
export function daysBetween(a: string, b: string) {
  return Math.abs(dayNumber(a) - dayNumber(b))
}

export interface CalvingFacts {
  /** The calving day, 'YYYY-MM-DD'. */
  readAt: string
  mother: { visualTag: string; dateOfBirth: string | null }
  /** The days of the mother's other recorded calvings (the edited birth excluded). */
  otherCalvings: readonly string[]
}

/**
 * A calving before the mother was born, or within MIN_CALVING_INTERVAL_DAYS of another of hers, is
 * refused (a twin is recorded on the same day: 0 days apart is allowed). Answers the first problem.
 */
export function calvingProblem({ readAt, mother, otherCalvings }: CalvingFacts): string | undefined {
  if (mother.dateOfBirth && readAt.slice(0, 10) <= mother.dateOfBirth.slice(0, 10))
    return BIRTH_RULE_MESSAGES.beforeMotherBirth(mother.visualTag, mother.dateOfBirth)
  for (const other of [...otherCalvings].sort()) {
    const days = daysBetween(readAt, other)
    if (days > 0 && days < MIN_CALVING_INTERVAL_DAYS)
      return BIRTH_RULE_MESSAGES.tooSoon(mother.visualTag, other, days)
  }
  return undefined
}

/**
 * Deleting a birth that created a calf: the person says what becomes of the calf. Without an answer
 * the delete is refused with the question; deleting a calf that has its own records is refused.
 */
export function birthDeleteProblem(
  calf: { visualTag: string; hasOwnRecords: boolean } | null,
  choice: 'keep' | 'delete' | undefined,
): { kind: 'conflict'; message: string } | undefined {
  if (!calf) return undefined
  if (choice === undefined) return { kind: 'conflict', message: BIRTH_RULE_MESSAGES.askCalf(calf.visualTag) }
  if (choice === 'delete' && calf.hasOwnRecords)
    return { kind: 'conflict', message: BIRTH_RULE_MESSAGES.calfHasEvents(calf.visualTag) }
  return undefined
}
