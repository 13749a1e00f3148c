import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { root } from '../tests/support/production-server'
import { checkBudgets, PAGES, pageChunks, routeChain, type ViteManifest } from './js-budgets'

const LOGIN = 'app/routes/management/login.tsx'
const ANIMALES = PAGES.find((page) => page.key === 'animales')?.routeFile as string
const AUTHED = 'app/routes/management/_authed.tsx'
const SECTIONS = 'app/routes/management/_authed/establishment/app-insights/route.tsx'

/**
 * A client build in miniature, shaped as Vite writes it with TanStack Start's route splitting:
 * the entry, each route's `?tsr-split=` chunks, shared chunks imported statically, and chunks only
 * imported dynamically (what `React.lazy` leaves behind).
 */
const manifest: ViteManifest = {
  'client.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_react.js'], dynamicImports: [] },
  '_react.js': { file: 'assets/react.js' },
  [`${LOGIN}?tsr-split=component`]: {
    file: 'assets/login.js',
    src: `${LOGIN}?tsr-split=component`,
    isDynamicEntry: true,
    imports: ['client.tsx', '_form.js'],
    dynamicImports: ['_dialog.js'],
  },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  '_dialog.js': { file: 'assets/dialog.js', isDynamicEntry: true },
  [`${AUTHED}?tsr-split=component`]: {
    file: 'assets/authed.js',
    src: `${AUTHED}?tsr-split=component`,
    isDynamicEntry: true,
    imports: ['_header.js'],
  },
  '_header.js': { file: 'assets/header.js', css: ['assets/header.css'] },
  [`${SECTIONS}?tsr-split=errorComponent`]: {
    file: 'assets/sections-error.js',
    src: `${SECTIONS}?tsr-split=errorComponent`,
    isDynamicEntry: true,
  },
  [`${ANIMALES}?tsr-split=component`]: {
    file: 'assets/animales.js',
    src: `${ANIMALES}?tsr-split=component`,
    isDynamicEntry: true,
    imports: ['_table.js'],
    dynamicImports: ['_upload.js'],
  },
  '_table.js': { file: 'assets/table.js' },
  '_upload.js': { file: 'assets/upload.js', isDynamicEntry: true },
  'app/routes/management/estado.tsx?tsr-split=component': {
    file: 'assets/estado.js',
    src: 'app/routes/management/estado.tsx?tsr-split=component',
    isDynamicEntry: true,
  },
}

/** Bytes that gzip cannot shrink, so a file's gzip size is about its length. */
const SIZES: Record<string, number> = {
  'entry.js': 40_000,
  'react.js': 30_000,
  'login.js': 5_000,
  'form.js': 20_000,
  'dialog.js': 50_000,
  'authed.js': 3_000,
  'header.js': 10_000,
  'sections-error.js': 1_000,
  'animales.js': 4_000,
  'table.js': 15_000,
  'upload.js': 60_000,
  'estado.js': 70_000,
}

const clientDir = mkdtempSync(path.join(tmpdir(), 'insights-js-budgets-'))
mkdirSync(path.join(clientDir, '.vite'))
mkdirSync(path.join(clientDir, 'assets'))
writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest))
for (const [file, size] of Object.entries(SIZES))
  writeFileSync(path.join(clientDir, 'assets', file), randomBytes(size))
writeFileSync(path.join(clientDir, 'assets/header.css'), 'a{}')

afterAll(() => rmSync(clientDir, { recursive: true, force: true }))

function runChecker(...args: string[]) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/js-budgets.ts', '--dir', clientDir, ...args],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
}

describe('JavaScript budgets', () => {
  it("counts a page's entry, its routes' chunks and their static imports, not what loads on demand", () => {
    expect(pageChunks(manifest, LOGIN).sort()).toEqual(
      ['assets/entry.js', 'assets/form.js', 'assets/login.js', 'assets/react.js'].sort(),
    )
    // Animales: the layouts' chunks (component and error component) count; the upload panel, only
    // imported dynamically, and another route's chunk do not; a stylesheet is not JavaScript.
    expect(pageChunks(manifest, ANIMALES).sort()).toEqual(
      [
        'assets/animales.js',
        'assets/authed.js',
        'assets/entry.js',
        'assets/header.js',
        'assets/react.js',
        'assets/sections-error.js',
        'assets/table.js',
      ].sort(),
    )
  })

  it("finds a route's layouts by their file names", () => {
    expect(routeChain(ANIMALES)).toContain(AUTHED)
    expect(routeChain(ANIMALES)).toContain(SECTIONS)
    expect(routeChain(LOGIN)).toEqual(['app/routes/management.tsx', 'app/routes/management/route.tsx', LOGIN])
  })

  it('sums gzip sizes per page', () => {
    const [login] = checkBudgets(clientDir, PAGES)
    // 95 KB of incompressible bytes, plus a little gzip framing per file.
    expect(login?.gzipBytes).toBeGreaterThan(95_000)
    expect(login?.gzipBytes).toBeLessThan(96_000)
    expect(login?.over).toBe(false)
  })

  it('passes when every page is within its budget', () => {
    const run = runChecker('--budget', 'login=100', '--budget', 'animales=120')
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('✔ ok   Iniciar Sesión')
  })

  it('fails, naming the page, when a page passes its budget', () => {
    const run = runChecker('--budget', 'login=90', '--budget', 'animales=120')
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(/✖ OVER Iniciar Sesión \(\/management\/login\): 95\.\d KB gzip of 90 KB/)
    expect(run.stdout).toContain('✔ ok   Animales')
    expect(run.stderr).toContain('JavaScript budget exceeded')
  })

  it('fails when there is no build to measure', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/js-budgets.ts', '--dir', tmpdir()], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('run `npm run build` first')
  })
})
