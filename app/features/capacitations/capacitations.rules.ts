import { CAPACITATION_MESSAGES } from './capacitations.schema'

/**
 * Who may write a course, and how a quiz is scored (decision 037). Pure: every write path (the
 * API's create, update, delete and attachment routes) asks `courseEditRefusal`; the server scores
 * every submission with `scoreQuiz`, so the correct options never leave the provider for a reader.
 */

export interface Author {
  /** Superadministrador: writes general courses, and any establishment's as its admin. */
  isSuperAdmin: boolean
  /** Administrador of the establishment the request names (a superadmin is one of every). */
  isAdmin: boolean
}

/** Why `author` may not write a course that is general or of the establishment; undefined if they may. */
export function courseEditRefusal(course: { general: boolean }, author: Author): string | undefined {
  if (course.general) return author.isSuperAdmin ? undefined : CAPACITATION_MESSAGES.generalOnlySuperAdmin
  return author.isAdmin ? undefined : CAPACITATION_MESSAGES.notAuthor
}

export interface QuizScore {
  correct: number
  total: number
  /** Percent of right answers, rounded down: a pass mark of 70 needs 70 %, not 69.5 %. */
  score: number
  passed: boolean
  results: boolean[]
}

/**
 * Scores one attempt: `answers[i]` is the option chosen for the i-th question. An attempt must
 * answer every question (undefined when it does not), so a partial submission is refused, not
 * scored as wrong.
 */
export function scoreQuiz(
  correctOptions: readonly number[],
  answers: readonly number[],
  passMark: number,
): QuizScore | undefined {
  if (correctOptions.length === 0 || answers.length !== correctOptions.length) return undefined
  const results = correctOptions.map((correct, i) => answers[i] === correct)
  const correct = results.filter(Boolean).length
  const score = Math.floor((correct * 100) / correctOptions.length)
  return { correct, total: correctOptions.length, score, passed: score >= passMark, results }
}
