/**
 * The rules about a dead animal and its death, whatever the path that writes (decision 036): the
 * riders' API, the event API and uploads (events.rules.ts asks `deadAnimalProblem`), the bulk moves.
 * A dead animal is one whose check-out is a 'Muerte' (decision 018's departed animal, of that type).
 * Pure and client-safe: each path loads the facts its own way.
 */
import { formatDate } from '~/lib/format'

/** The check-out type a death writes (spec section 3's check-out types). */
export const DEATH_CHECK_OUT_TYPE = 'Muerte'

export const DEATH_RULE_MESSAGES = {
  /** `what` is the thing refused, with its article: 'un tratamiento', 'una pesada'… */
  dead: (visualTag: string, day: string, what: string) =>
    `El animal ${visualTag} murió el ${formatDate(day)}: no se le puede registrar ${what}`,
  deadMoved: (tags: readonly string[], count: number) =>
    `No se pueden mover animales muertos (${count}): ${tags.join(', ')}${count > tags.length ? '…' : ''}`,
  alreadyDead: (visualTag: string, day: string) =>
    `El animal ${visualTag} ya tiene registrada su muerte el ${formatDate(day)}`,
  departed: (visualTag: string, departure: string) =>
    `El animal ${visualTag} ya no está en el rodeo (${departure}): no se puede registrar su muerte`,
  beforeBirth: (visualTag: string, birth: string) =>
    `La fecha de la muerte es anterior al nacimiento de ${visualTag} (${formatDate(birth)})`,
} as const

/** What the rules know of an animal's check-out. */
export interface CheckOutFacts {
  visualTag: string
  checkOutType: string | null
  /** 'YYYY-MM-DD…' or null in the herd. */
  checkOutDate: string | null
}

/** The day an animal died ('YYYY-MM-DD'), or null when it has not. */
export function deathDay(animal: Pick<CheckOutFacts, 'checkOutType' | 'checkOutDate'>) {
  return animal.checkOutType === DEATH_CHECK_OUT_TYPE && animal.checkOutDate
    ? animal.checkOutDate.slice(0, 10)
    : null
}

/** A dead animal cannot be treated, weighed, moved, inseminated…: the refusal, or undefined. */
export function deadAnimalProblem(animal: CheckOutFacts, what: string) {
  const day = deathDay(animal)
  return day ? DEATH_RULE_MESSAGES.dead(animal.visualTag, day, what) : undefined
}

/**
 * A death may be recorded for an animal still in the herd, not before it was born. `departure` is
 * the wording of an earlier check-out ('Baja: Venta el 04/10/2024').
 */
export function deathProblem(
  animal: CheckOutFacts & { dateOfBirth: string | null },
  readAt: string,
  departure: string,
) {
  const day = deathDay(animal)
  if (day) return DEATH_RULE_MESSAGES.alreadyDead(animal.visualTag, day)
  if (animal.checkOutDate) return DEATH_RULE_MESSAGES.departed(animal.visualTag, departure)
  if (animal.dateOfBirth && readAt.slice(0, 10) < animal.dateOfBirth.slice(0, 10))
    return DEATH_RULE_MESSAGES.beforeBirth(animal.visualTag, animal.dateOfBirth)
  return undefined
}
