import { type Kysely, sql } from 'kysely'

/**
 * Splits a SQL script into statements at top-level semicolons, leaving those inside quotes,
 * dollar-quoted bodies and comments alone. PGlite runs one statement per prepared query, so
 * migrations written as plain SQL scripts go through here on both engines.
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = []
  let current = ''
  let i = 0
  while (i < script.length) {
    const char = script[i] as string
    const rest = script.slice(i)
    if (rest.startsWith('--')) {
      const end = script.indexOf('\n', i)
      i = end === -1 ? script.length : end + 1
      current += '\n'
      continue
    }
    if (char === "'") {
      let j = i + 1
      while (j < script.length) {
        if (script[j] === "'" && script[j + 1] === "'") j += 2
        else if (script[j] === "'") break
        else j++
      }
      current += script.slice(i, j + 1)
      i = j + 1
      continue
    }
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest)
    if (dollar) {
      const tag = dollar[0]
      const end = script.indexOf(tag, i + tag.length)
      const stop = end === -1 ? script.length : end + tag.length
      current += script.slice(i, stop)
      i = stop
      continue
    }
    if (char === ';') {
      if (current.trim()) statements.push(current.trim())
      current = ''
      i++
      continue
    }
    current += char
    i++
  }
  if (current.trim()) statements.push(current.trim())
  return statements
}

export async function runSqlScript(db: Kysely<unknown>, script: string) {
  for (const statement of splitSqlStatements(script)) {
    await sql.raw(statement).execute(db)
  }
}
