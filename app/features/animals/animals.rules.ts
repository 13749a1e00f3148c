/**
 * The rules about an animal that need facts from the herd (decision 031), written once for every write
 * path: the record's create and edit (`animal-record.server.ts`), the animals upload
 * (`bulk-upload.rules.ts`) and the bulk moves to a category (`animal-moves.server.ts`). Client-safe and
 * pure: each path loads the facts its own way (one query for one animal, set-based queries for a whole
 * file or selection) and asks here, so a rule and its Spanish message cannot drift between paths.
 * The rules a single value obeys (tag formats, dates, ranges, required fields) are the create schema's
 * (`animal-record.schema.ts`), which every path also runs.
 */
import { impliedSexOf, type Sex } from '~/features/lookups/lookup-values'
import { ANIMAL_MESSAGES } from './animal-record.schema'

/** What the rules need to know of an animal already recorded (a mother, a moved animal). */
export interface AnimalFacts {
  /** The recorded sex ('Hembra', 'Macho'), null when never recorded. */
  sex: string | null
  /** The recorded category ('Vaca', 'Toro'…), null when never recorded. */
  category: string | null
}

/** A candidate mother: her facts, and whether she left the herd (a check-out, decision 018). */
export interface MotherFacts extends AnimalFacts {
  departed: boolean
}

/** Female by her sex, or by a female category when the sex was never recorded (issue 5). */
export function isFemale(animal: AnimalFacts) {
  return animal.sex === 'Hembra' || (animal.sex === null && impliedSexOf(animal.category) === 'Hembra')
}

/**
 * The category implies the sex (decision 008: Vaca → Hembra): a contradiction is refused, a missing
 * sex is filled with the category's. A category that implies none (or none given) leaves the sex alone.
 */
export function categorySex(
  category: string | null | undefined,
  sex: string | null,
): { ok: true; sex: string | null } | { ok: false; message: string } {
  const implied = impliedSexOf(category)
  if (!implied || !category) return { ok: true, sex }
  if (sex === null) return { ok: true, sex: implied }
  if (sex !== implied) return { ok: false, message: ANIMAL_MESSAGES.sexMismatch(category, implied) }
  return { ok: true, sex }
}

/**
 * Whether a named mother may be the animal's mother: not the animal itself, a live animal of the
 * establishment (undefined when not found: each path words "not found" by how it names her — an id or
 * a tag — so it asks here only once she is found), a female, still in the herd (decision 018: a sold,
 * slaughtered or dead cow is not offered as a mother by the form, so no path records her as a new
 * mother), and not one of the animal's descendants. Answers the first problem, or undefined.
 */
export function motherProblem(
  mother: MotherFacts | undefined,
  relation: { isSelf: boolean; isDescendant?: boolean },
): string | undefined {
  if (relation.isSelf) return ANIMAL_MESSAGES.motherSelf
  if (!mother) return ANIMAL_MESSAGES.motherNotFound
  if (!isFemale(mother)) return ANIMAL_MESSAGES.motherNotFemale
  if (mother.departed) return ANIMAL_MESSAGES.motherDeparted
  if (relation.isDescendant) return ANIMAL_MESSAGES.motherDescendant
  return undefined
}

/**
 * The category/sex rule (`categorySex`) applied to a whole selection moved to a category: the moves
 * check it set-based in their one statement and word it for many animals, naming how many contradict
 * it and the first few of their tags.
 */
export function sexMismatchMessage(category: string, sex: Sex, count: number, tags: readonly string[]) {
  const animals = count === 1 ? '1 animal seleccionado es' : `${count} animales seleccionados son`
  const other = sex === 'Hembra' ? (count === 1 ? 'macho' : 'machos') : count === 1 ? 'hembra' : 'hembras'
  const more = count > tags.length ? ` y ${count - tags.length} más` : ''
  return `La categoría ${category} corresponde a ${sex}: ${animals} ${other} (IDV ${tags.join(', ')}${more}). No se modificó ninguno.`
}
