/**
 * The rules every write of an event obeys, whatever the path that writes it: the individual API
 * (create and edit, `events.server.ts`), the spreadsheet upload (`bulk-upload.rules.ts`), and later
 * offline sync and riders (decision 022). Pure functions over the facts the write loaded: a path loads
 * the facts its way (one query for one event, one set-based query for a whole file) and asks these
 * functions, so the rules and their Spanish words live once. Client-safe.
 *
 * What is not here, and why: the shape of a value (a date's format, a weight's range, an id) is each
 * input's schema (`events.schema.ts` for a JSON body, the template's columns for a cell), because a
 * cell and a JSON field are read differently; the bounds they check are shared from
 * `~/lib/record-rules`.
 */
import type { CattleHandlingWork } from '~/db/schema'
import type { Sex } from '~/features/lookups/lookup-values'
import { deadAnimalProblem } from '~/features/riders/deaths.rules'
import { EVENT_KIND_INFO, type EventKind } from './event-kinds'

/** Inseminations, pregnancy checks and pre-services are of cows and heifers (decision 011). */
export const FEMALE_ONLY_KINDS: ReadonlySet<EventKind> = new Set([
  'artificial-insemination',
  'pregnancy-check',
  'preservice',
])

export const EVENT_RULE_MESSAGES = {
  male: (kind: EventKind, visualTag: string) =>
    `El animal ${visualTag} es macho: no corresponde ${EVENT_KIND_INFO[kind].aSingular}`,
  repeatInSession: (kind: EventKind) =>
    `El animal ya tiene ${EVENT_KIND_INFO[kind].aSingular} en esta sesión`,
} as const

/** The animal an event is about, as the write loaded it (a live animal of the establishment). */
export interface EventAnimalFacts {
  visualTag: string
  /** The description of its sex; null when never recorded (not refused: nothing says it is male). */
  sex: Sex | null
  /**
   * Its check-out, when it left the herd (decision 036: a dead animal is refused). Optional so a
   * path that loaded no check-out asks as before.
   */
  checkOut?: { type: string | null; date: string | null }
}

/** What the rules about the animal need to know. */
export interface EventAnimalCheck {
  animal: EventAnimalFacts
  /** The animal already has an event of this kind in the event's session (the edited one excluded). */
  alreadyInSession: boolean
  /**
   * The person recording confirmed the repeat (the chute's 'Registrar de todos modos'). A file
   * cannot confirm row by row: the upload never does.
   */
  repeatConfirmed: boolean
}

export type EventRuleProblem =
  /** Female-only kinds refuse a male. */
  | { rule: 'female-only'; kind: 'invalid'; message: string }
  /** One event of a kind per animal and session, unless the person confirmed the repeat. */
  | { rule: 'once-per-session'; kind: 'conflict'; message: string }
  /** A dead animal gets no new event (decision 036). */
  | { rule: 'dead'; kind: 'invalid'; message: string }

/**
 * The rules about the event's animal: female-only kinds, and one event of the kind per animal and
 * session. Answers every problem (a file lists them all; one event throws the first).
 */
export function eventAnimalProblems(kind: EventKind, check: EventAnimalCheck): EventRuleProblem[] {
  const problems: EventRuleProblem[] = []
  const dead =
    check.animal.checkOut &&
    deadAnimalProblem(
      {
        visualTag: check.animal.visualTag,
        checkOutType: check.animal.checkOut.type,
        checkOutDate: check.animal.checkOut.date,
      },
      EVENT_KIND_INFO[kind].aSingular,
    )
  if (dead) problems.push({ rule: 'dead', kind: 'invalid', message: dead })
  if (check.alreadyInSession && !check.repeatConfirmed) {
    problems.push({
      rule: 'once-per-session',
      kind: 'conflict',
      message: EVENT_RULE_MESSAGES.repeatInSession(kind),
    })
  }
  if (FEMALE_ONLY_KINDS.has(kind) && check.animal.sex === 'Macho') {
    problems.push({
      rule: 'female-only',
      kind: 'invalid',
      message: EVENT_RULE_MESSAGES.male(kind, check.animal.visualTag),
    })
  }
  return problems
}

/**
 * The session an event goes into: of the establishment (else `missing`: the write did not find it
 * there) and of the kind's work type (else `other-work`). Each path words the answer for its caller:
 * a field of a form, or the whole file of an upload, which names the session.
 */
export function sessionProblem(
  kind: EventKind,
  session: { work: CattleHandlingWork } | undefined,
): 'missing' | 'other-work' | undefined {
  if (!session) return 'missing'
  return Number(session.work) === EVENT_KIND_INFO[kind].work ? undefined : 'other-work'
}
