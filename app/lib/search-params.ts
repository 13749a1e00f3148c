/**
 * The routes' search validation (`validateSearch`), without zod (decision 046). Every route's search
 * schema runs in the browser's entry script, which every page loads — the login page included — and
 * even `zod/mini` cost ~17 KB gzip there (decision 042: zod's core schema types are one module). The
 * router accepts any object with `parse`, so these few checks are our own, with the semantics the
 * zod/mini schemas had (`search-params.test.ts` and the views' tests hold them):
 *
 * - A search parameter is state in the address (decision 017): a missing or mistyped one is dropped
 *   (`dropInvalid`), never an error page; a page's object keeps only its own keys (`searchSchema`),
 *   or passes the others through (`looseSearchSchema`).
 * - Numbers are numbers: the router already parses `?page=2` into 2, and only `positiveIntParam`
 *   (an id in a link) also takes text, as `Number(...)` reads it (zod's `coerce`).
 *
 * Server code keeps zod for its request schemas.
 */

/** What a check answers when a value does not fit. */
export const INVALID: unique symbol = Symbol('invalid')

/** A check of one value: the value (cleaned, e.g. trimmed), or INVALID. */
export type Check<T> = (value: unknown) => T | typeof INVALID

/** A validator the router calls (`route.options.validateSearch.parse(search)`). */
export interface SearchParam<T> {
  parse(value: unknown): T
}

/** What a validator gives (zod's `z.infer`). */
export type SearchOf<P> = P extends SearchParam<infer T> ? T : never

/** The parameter, or `undefined` when it is missing or does not fit. */
export function dropInvalid<T>(check: Check<T>): SearchParam<T | undefined> {
  return {
    parse: (value) => {
      if (value === undefined) return undefined
      const checked = check(value)
      return checked === INVALID ? undefined : checked
    },
  }
}

/** The parameter, or `fallback` when it is missing or does not fit. */
export function withDefault<T>(check: Check<T>, fallback: T): SearchParam<T> {
  return {
    parse: (value) => {
      const checked = check(value)
      return checked === INVALID ? fallback : checked
    },
  }
}

/** An optional parameter that must fit when present: otherwise the router shows its error page. */
export function optionalStrict<T>(check: Check<T>): SearchParam<T | undefined> {
  return {
    parse: (value) => {
      if (value === undefined) return undefined
      const checked = check(value)
      if (checked === INVALID) throw new TypeError('Parámetro de búsqueda inválido')
      return checked
    },
  }
}

interface TextRules {
  /** Trimmed before the other rules, and kept trimmed. */
  trim?: boolean
  minLength?: number
  maxLength?: number
  pattern?: RegExp
}

/** A string, under these rules. */
export function text(rules: TextRules = {}): Check<string> {
  return (value) => {
    if (typeof value !== 'string') return INVALID
    const string = rules.trim ? value.trim() : value
    if (rules.minLength !== undefined && string.length < rules.minLength) return INVALID
    if (rules.maxLength !== undefined && string.length > rules.maxLength) return INVALID
    if (rules.pattern && !rules.pattern.test(string)) return INVALID
    return string
  }
}

interface WholeNumberRules {
  min?: number
  max?: number
  /** Also a number written as text (`Number(value)`, as zod's `coerce` reads it). */
  coerce?: boolean
  /** Only these values. */
  oneOf?: readonly number[]
}

/** A whole number (safe integer), under these rules. */
export function wholeNumber(rules: WholeNumberRules = {}): Check<number> {
  return (value) => {
    let number = value
    if (rules.coerce) {
      try {
        number = Number(value)
      } catch {
        return INVALID
      }
    }
    if (typeof number !== 'number' || !Number.isSafeInteger(number)) return INVALID
    if (rules.min !== undefined && number < rules.min) return INVALID
    if (rules.max !== undefined && number > rules.max) return INVALID
    if (rules.oneOf && !rules.oneOf.includes(number)) return INVALID
    return number
  }
}

/** A finite number (zod's `number()` refuses NaN and Infinity). */
export const finiteNumber: Check<number> = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? value : INVALID

export const boolean: Check<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID)

/** One of these strings. */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : INVALID)
}

/** The first check that fits. */
export function either<A, B>(first: Check<A>, second: Check<B>): Check<A | B> {
  return (value) => {
    const checked = first(value)
    return checked === INVALID ? second(value) : checked
  }
}

/** A list whose every item fits, of `minLength` to `maxLength` items. */
export function list<T>(item: Check<T>, rules: { minLength?: number; maxLength?: number } = {}): Check<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return INVALID
    if (rules.minLength !== undefined && value.length < rules.minLength) return INVALID
    if (rules.maxLength !== undefined && value.length > rules.maxLength) return INVALID
    const items: T[] = []
    for (const candidate of value) {
      const checked = item(candidate)
      if (checked === INVALID) return INVALID
      items.push(checked)
    }
    return items
  }
}

/** An object (not null, not an array): what zod's `object` and `record` start from. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object with only these optional keys, each of which must fit when present; others are dropped. */
export function optionalFields<S extends Record<string, Check<unknown>>>(
  shape: S,
): Check<{ [K in keyof S]?: Exclude<ReturnType<S[K]>, typeof INVALID> }> {
  return (value) => {
    if (!isRecord(value)) return INVALID
    const fields: Record<string, unknown> = {}
    for (const [key, check] of Object.entries(shape)) {
      // As zod's object: a key present as undefined stays so; a missing one stays out.
      if (value[key] === undefined) {
        if (key in value) fields[key] = undefined
        continue
      }
      const checked = check(value[key])
      if (checked === INVALID) return INVALID
      fields[key] = checked
    }
    return fields as { [K in keyof S]?: Exclude<ReturnType<S[K]>, typeof INVALID> }
  }
}

type SearchShape = Record<string, SearchParam<unknown>>
type Simplify<T> = { [K in keyof T]: T[K] } & {}
type OptionalKeys<S extends SearchShape> = {
  [K in keyof S]: undefined extends SearchOf<S[K]> ? K : never
}[keyof S]
/** A page's search: keys whose parameter may be missing are optional. */
export type SearchObject<S extends SearchShape> = Simplify<
  { [K in OptionalKeys<S>]?: SearchOf<S[K]> } & { [K in Exclude<keyof S, OptionalKeys<S>>]: SearchOf<S[K]> }
>

function parseSearch(shape: SearchShape, value: unknown, loose: boolean) {
  // The router always hands an object; anything else is a programming error, as zod's object said.
  if (!isRecord(value)) throw new TypeError('La búsqueda debe ser un objeto')
  const search: Record<string, unknown> = loose ? { ...value } : {}
  for (const [key, param] of Object.entries(shape)) {
    // As zod's object: a key the address has stays, as undefined when dropped; a missing one stays out.
    const parsed = param.parse(value[key])
    if (parsed !== undefined || key in value) search[key] = parsed
  }
  return search
}

/** A page's search: these keys, each parsed on its own (a bad one is dropped); others are dropped. */
export function searchSchema<S extends SearchShape>(shape: S): SearchParam<SearchObject<S>> & { shape: S } {
  return { shape, parse: (value) => parseSearch(shape, value, false) as SearchObject<S> }
}

/** Like `searchSchema`, but other keys pass through (state a section of the page validates itself). */
export function looseSearchSchema<S extends SearchShape>(
  shape: S,
): SearchParam<SearchObject<S> & { [key: string]: unknown }> {
  return { parse: (value) => parseSearch(shape, value, true) as SearchObject<S> & { [key: string]: unknown } }
}

/** A positive whole number, also when the address holds it as text (`?establecimiento=4`). */
export const positiveIntParam = dropInvalid(wholeNumber({ min: 1, coerce: true }))

/** A 'YYYY-MM-DD' day. */
export const isoDate = text({ pattern: /^\d{4}-\d{2}-\d{2}$/ })
