import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * The layer rules of `npm run lint` (.dependency-cruiser.cjs, decision 023) run on a small tree of
 * probe files with wrong-way and right-way imports: each wrong-way import must fail with its rule's
 * name, and the allowed ones must pass. The probes live in a temporary directory, so a parallel
 * typecheck or lint of the repo never sees them.
 */
const repo = resolve(import.meta.dirname, '..')
const run = promisify(execFile)

const PROBES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['./app/*'] } } }),
  'app/api/app.ts': 'export function getApiApp() { return 1 }\nexport type ApiApp = number\n',
  'app/api/lib/errors.ts': 'export class ApiError extends Error {}\n',
  'app/db/database.server.ts': 'export type DB = number\nexport const db = 1\n',
  'app/db/seed/herd.ts': 'export const planHerd = () => 1\n',
  'app/lib/provider.server.ts': "import { getApiApp } from '~/api/app'\nexport const provider = getApiApp\n",
  // Domain database code reaching into the API, by alias and by relative path.
  'app/features/probe/probe.server.ts':
    "import { ApiError } from '~/api/lib/errors'\nexport const e = ApiError\n",
  'app/features/probe/relative.server.ts':
    "import { ApiError } from '../../api/lib/errors'\nexport const e = ApiError\n",
  // A schema importing a server function (domain → UI).
  'app/features/probe/probe.schema.ts': "import { list } from './probe.functions'\nexport const s = list\n",
  // The UI side: a type import of the API contract is how the client is typed (allowed); a value
  // import is not; nor is the database.
  'app/features/probe/probe.functions.ts':
    "import type { ApiApp } from '~/api/app'\nimport { provider } from '~/lib/provider.server'\n" +
    'export const list = (): ApiApp => provider()\n',
  // A server function may call a route contract by value, but not reach the API's handlers.
  'app/api/probe/probe.routes.ts': 'export const listRoute = { method: "get", path: "/v2/probe" }\n',
  'app/api/probe/probe.index.ts': 'export const handler = () => 1\n',
  'app/features/probe/contract.functions.ts':
    "import { listRoute } from '~/api/probe/probe.routes'\nexport const call = listRoute\n",
  'app/features/probe/handler.functions.ts':
    "import { handler } from '~/api/probe/probe.index'\nexport const call = handler\n",
  'app/features/probe/value.queries.ts':
    "import { getApiApp } from '~/api/app'\nexport const q = getApiApp\n",
  'app/features/probe/components/probe-list.tsx':
    "import { db } from '~/db/database.server'\nimport { e } from '../probe.server'\nexport const c = [db, e]\n",
  // Production code using the demo seed's module instead of the feature's vocabulary.
  'app/features/probe/vocabulary.ts':
    "import { planHerd } from '~/db/seed/herd'\nexport const v = planHerd\n",
}

let dir = ''
type Violation = { from: string; to: string; rule: { name: string } }
let violations: Violation[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'layering-rules-'))
  for (const [path, text] of Object.entries(PROBES)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  const cli = join(repo, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs')
  // The same command as `npm run lint`, minus the known-violations baseline of the real tree.
  const { stdout } = await run(
    process.execPath,
    [cli, 'app', '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: dir, maxBuffer: 16 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    // depcruise exits with the number of errors: a failing run still prints its JSON.
    if (!error.stdout) throw error
    return { stdout: error.stdout }
  })
  violations = (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations
}, 60_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

const found = (from: string) =>
  violations.filter((v) => v.from === from).map((v) => `${v.rule.name} → ${v.to}`)

describe('the layer rules checked by npm run lint', () => {
  it('fail a domain module that imports the API, by alias or by relative path', () => {
    expect(found('app/features/probe/probe.server.ts')).toEqual(['domain-not-to-api → app/api/lib/errors.ts'])
    expect(found('app/features/probe/relative.server.ts')).toEqual([
      'domain-not-to-api → app/api/lib/errors.ts',
    ])
  })

  it('fail a schema that imports the UI side', () => {
    expect(found('app/features/probe/probe.schema.ts')).toEqual([
      'domain-not-to-ui → app/features/probe/probe.functions.ts',
    ])
  })

  it('let the UI side import the API contract as types and the typed client, but not API values', () => {
    expect(found('app/features/probe/probe.functions.ts')).toEqual([])
    expect(found('app/lib/provider.server.ts')).toEqual([])
    expect(found('app/features/probe/value.queries.ts')).toEqual(['ui-to-api-only-types → app/api/app.ts'])
  })

  it('let a server function call a route contract by value, but not import a handler', () => {
    expect(found('app/features/probe/contract.functions.ts')).toEqual([])
    expect(found('app/features/probe/handler.functions.ts')).toEqual([
      'ui-server-to-api-only-contracts → app/api/probe/probe.index.ts',
    ])
  })

  it('fail a component that imports the database or domain database code', () => {
    expect(found('app/features/probe/components/probe-list.tsx').sort()).toEqual([
      'ui-not-to-domain-database → app/db/database.server.ts',
      'ui-not-to-domain-database → app/features/probe/probe.server.ts',
    ])
  })

  it('fail production code that imports the demo seed', () => {
    expect(found('app/features/probe/vocabulary.ts')).toEqual(['no-seed-in-production → app/db/seed/herd.ts'])
  })
})
