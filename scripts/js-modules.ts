/**
 * What a page's first-visit JavaScript is made of, module by module (decision 042): the files
 * `scripts/js-budgets.ts` counts for a page, each split into the source modules its minified bytes
 * came from, read from the build's source maps. For each module: its minified bytes and its share of
 * its file's gzip size (the file's gzip size split in proportion to minified bytes — gzip cannot be
 * attributed exactly, but the shares add up to the budget's figure and rank the modules).
 *
 * Needs a build with source maps, which the production build does not write:
 *   JS_MODULES=1 npm run build && node --import tsx scripts/js-modules.ts [--page login] [--top 40]
 * Modules under node_modules are grouped by package unless --files is given.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { PAGES, pageChunks, type ViteManifest } from './js-budgets'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]))

/** Decodes one segment of a source map's `mappings` (base64 VLQ numbers). */
export function decodeSegment(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new Error(`Invalid source map character: ${char}`)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

type SourceMap = { sources: string[]; mappings: string }

/**
 * Bytes of `code` per source of its map: each generated segment runs until the next one on its line
 * (or the line's end) and counts for the source it maps to; unmapped code counts as '(unmapped)'.
 */
export function bytesPerSource(code: string, map: SourceMap): Map<string, number> {
  const totals = new Map<string, number>()
  const add = (source: string, bytes: number) => totals.set(source, (totals.get(source) ?? 0) + bytes)
  const lines = code.split('\n')
  const mappingLines = map.mappings.split(';')
  let sourceIndex = 0
  for (const [lineIndex, line] of lines.entries()) {
    const bytesOf = (from: number, to: number) => Buffer.byteLength(line.slice(from, to))
    let column = 0
    const segments: { column: number; source: number | null }[] = []
    for (const raw of (mappingLines[lineIndex] ?? '').split(',')) {
      if (!raw) continue
      const [columnDelta = 0, sourceDelta] = decodeSegment(raw)
      column += columnDelta
      if (sourceDelta !== undefined) sourceIndex += sourceDelta
      segments.push({ column, source: sourceDelta === undefined ? null : sourceIndex })
      // Only the source index matters here; the original line and column fields are skipped.
    }
    let position = 0
    for (const [index, segment] of segments.entries()) {
      if (segment.column > position) add('(unmapped)', bytesOf(position, segment.column))
      const end = segments[index + 1]?.column ?? line.length
      const name = segment.source === null ? '(unmapped)' : (map.sources[segment.source] ?? '(unmapped)')
      add(name, bytesOf(segment.column, end))
      position = end
    }
    if (position < line.length) add('(unmapped)', bytesOf(position, line.length))
    if (lineIndex < lines.length - 1) add('(unmapped)', 1)
  }
  return totals
}

/** A source's name for the report: its package for node_modules, else its path in the project. */
export function moduleName(source: string, byPackage: boolean): string {
  const marker = 'node_modules/'
  const at = source.lastIndexOf(marker)
  if (at === -1) return source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, '')
  const rest = source.slice(at + marker.length)
  if (!byPackage) return rest
  const parts = rest.split('/')
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? rest)
}

export type ModuleShare = { name: string; minifiedBytes: number; gzipBytes: number; files: string[] }

export function pageModules(clientDir: string, routeFile: string, byPackage: boolean): ModuleShare[] {
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'),
  ) as ViteManifest
  const modules = new Map<string, ModuleShare>()
  for (const file of pageChunks(manifest, routeFile)) {
    const full = path.join(clientDir, file)
    const code = readFileSync(full, 'utf8')
    const gzip = gzipSync(code).length
    const total = Buffer.byteLength(code)
    // A few generated helpers (Vite's preload helper) have no map: they count as themselves.
    const sources = existsSync(`${full}.map`)
      ? bytesPerSource(code, JSON.parse(readFileSync(`${full}.map`, 'utf8')) as SourceMap)
      : new Map([[`(${path.basename(file)})`, total]])
    for (const [source, bytes] of sources) {
      const name = moduleName(source, byPackage)
      const share = modules.get(name) ?? { name, minifiedBytes: 0, gzipBytes: 0, files: [] }
      share.minifiedBytes += bytes
      share.gzipBytes += (gzip * bytes) / total
      if (!share.files.includes(file)) share.files.push(file)
      modules.set(name, share)
    }
  }
  return [...modules.values()].sort((a, b) => b.gzipBytes - a.gzipBytes)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const option = (name: string) => {
    const index = args.indexOf(name)
    return index === -1 ? undefined : args[index + 1]
  }
  const key = option('--page') ?? 'login'
  const page = PAGES.find((candidate) => candidate.key === key)
  if (!page) throw new Error(`--page expects one of ${PAGES.map((p) => p.key).join(', ')}`)
  const top = Number(option('--top') ?? 40)
  const dir = path.resolve(option('--dir') ?? 'dist/client')
  if (!readdirSync(path.join(dir, 'assets')).some((file) => file.endsWith('.js.map')))
    throw new Error('The build has no source maps: run JS_MODULES=1 npm run build first.')
  const modules = pageModules(dir, page.routeFile, !args.includes('--files'))
  const sum = modules.reduce((total, module) => total + module.gzipBytes, 0)
  console.log(`${page.label}: ${(sum / 1000).toFixed(1)} KB gzip, ${modules.length} modules or packages`)
  for (const module of modules.slice(0, top))
    console.log(
      `${(module.gzipBytes / 1000).toFixed(1).padStart(7)} KB gz ${(module.minifiedBytes / 1000).toFixed(1).padStart(7)} KB min  ${module.name}  [${module.files.map((f) => path.basename(f)).join(' ')}]`,
    )
}
