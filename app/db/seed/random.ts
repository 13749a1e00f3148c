/**
 * A seeded pseudo-random generator, so the demo data is the same on every machine and every run.
 * sfc32 rather than a 32-bit-state generator such as mulberry32: its 128-bit state keeps the
 * streams of different seeds apart, and animal UUIDs are drawn from it.
 */
export class Random {
  readonly seed: string
  #a: number
  #b: number
  #c: number
  #d: number
  #spare: number | undefined

  constructor(seed: string) {
    this.seed = seed
    const [a, b, c, d] = cyrb128(seed)
    this.#a = a
    this.#b = b
    this.#c = c
    this.#d = d
    // The first outputs of sfc32 still echo the seed.
    for (let i = 0; i < 15; i++) this.next()
  }

  /** An independent stream: draws added to one part of a generator do not shift another part. */
  fork(label: string) {
    return new Random(`${this.seed}/${label}`)
  }

  /** Uniform in [0, 1). */
  next() {
    this.#a >>>= 0
    this.#b >>>= 0
    this.#c >>>= 0
    this.#d >>>= 0
    let t = (this.#a + this.#b) | 0
    this.#a = this.#b ^ (this.#b >>> 9)
    this.#b = (this.#c + (this.#c << 3)) | 0
    this.#c = (this.#c << 21) | (this.#c >>> 11)
    this.#d = (this.#d + 1) | 0
    t = (t + this.#d) | 0
    this.#c = (this.#c + t) | 0
    return (t >>> 0) / 4294967296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number) {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** A number in [min, max). */
  between(min: number, max: number) {
    return min + this.next() * (max - min)
  }

  chance(probability: number) {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick de una lista vacía')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** One of the values, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0
    for (const [, weight] of entries) total += weight
    let r = this.next() * total
    for (const [value, weight] of entries) {
      r -= weight
      if (r < 0) return value
    }
    return (entries[entries.length - 1] as readonly [T, number])[0]
  }

  /** Normally distributed (Box–Muller). */
  normal(mean = 0, sd = 1) {
    if (this.#spare !== undefined) {
      const z = this.#spare
      this.#spare = undefined
      return mean + sd * z
    }
    let u = 0
    while (u === 0) u = this.next()
    const v = this.next()
    const r = Math.sqrt(-2 * Math.log(u))
    this.#spare = r * Math.sin(2 * Math.PI * v)
    return mean + sd * r * Math.cos(2 * Math.PI * v)
  }

  /** Normal, clamped to [min, max]. */
  normalIn(mean: number, sd: number, min: number, max: number) {
    return Math.min(max, Math.max(min, this.normal(mean, sd)))
  }

  /** Shuffles in place (Fisher–Yates) and returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const swap = items[i] as T
      items[i] = items[j] as T
      items[j] = swap
    }
    return items
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle([...items]).slice(0, Math.max(0, count))
  }

  /** A version-4-shaped UUID from this stream (deterministic, unlike crypto.randomUUID). */
  uuid() {
    const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0')
    const w = () => Math.floor(this.next() * 4294967296)
    const a = hex(w())
    const b = hex((w() & 0xffff0fff) | 0x00004000)
    const c = hex((w() & 0x3fffffff) | 0x80000000)
    const d = hex(w())
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`
  }
}

/** A 128-bit hash of a string, to seed the four state words. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  h1 ^= h2 ^ h3 ^ h4
  h2 ^= h1
  h3 ^= h1
  h4 ^= h1
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0]
}
