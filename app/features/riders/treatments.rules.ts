/**
 * The rules of a treatment (decision 036), pure and client-safe: the form shows the withdrawal end
 * the server will store. A dead animal is not treated: `deadAnimalProblem` (deaths.rules.ts).
 */

/** 'YYYY-MM-DD' plus whole days (calendar arithmetic in UTC: no daylight-saving drift). */
export function addDays(day: string, days: number) {
  const date = new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)))
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * The first day the animal may be sent to slaughter: the day of the treatment plus the withdrawal
 * days (what the database's generated `withdrawal_end` holds). Its alert is active until then.
 */
export const withdrawalEnd = (readAt: string, withdrawalDays: number) => addDays(readAt, withdrawalDays)

/** What a dead animal cannot receive, in `deadAnimalProblem`'s words (every path says the same). */
export const TREATMENT_NOUN = 'un tratamiento'
