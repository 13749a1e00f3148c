import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { listClientFiles, mayBeClientFile, staticFiles } from './static-files'

const dir = mkdtempSync(path.join(os.tmpdir(), 'insights-static-'))
mkdirSync(path.join(dir, 'assets'))
mkdirSync(path.join(dir, 'docs'))
writeFileSync(path.join(dir, 'favicon.ico'), 'ico')
writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
writeFileSync(path.join(dir, 'docs', 'index.html'), '<p>docs</p>')
writeFileSync(path.join(dir, 'about.html'), '<p>about</p>')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the static files a request may name (decision 041)', () => {
  const files = listClientFiles(dir)

  it('lists every file of the build as a URL path, once', () => {
    expect([...files].sort()).toEqual([
      '/about.html',
      '/assets/index-abc.js',
      '/docs/index.html',
      '/favicon.ico',
    ])
  })

  it('sends the files and the names srvx resolves to them to the static middleware', () => {
    expect(mayBeClientFile(files, 'GET', '/assets/index-abc.js')).toBe(true)
    expect(mayBeClientFile(files, 'HEAD', '/favicon.ico')).toBe(true)
    expect(mayBeClientFile(files, 'GET', '/about')).toBe(true)
    expect(mayBeClientFile(files, 'GET', '/docs/')).toBe(true)
    expect(mayBeClientFile(files, 'GET', '/assets/index%2Dabc.js')).toBe(true)
  })

  it('sends pages, API calls and writes straight to the app', () => {
    expect(mayBeClientFile(files, 'GET', '/')).toBe(false)
    expect(mayBeClientFile(files, 'GET', '/management/login')).toBe(false)
    expect(mayBeClientFile(files, 'GET', '/app-insights/api/v2/establishments/1/animals')).toBe(false)
    expect(mayBeClientFile(files, 'POST', '/favicon.ico')).toBe(false)
  })

  it('serves a file and hands everything else to the next handler without looking on disk', async () => {
    const middleware = staticFiles(dir)
    let passedOn = 0
    const next = () => {
      passedOn++
      return new Response('app')
    }
    const file = await middleware(new Request('http://x/assets/index-abc.js') as never, next)
    expect(await file.text()).toBe('console.log(1)')
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const page = await middleware(new Request('http://x/management/login') as never, next)
    expect(await page.text()).toBe('app')
    expect(passedOn).toBe(1)
  })
})
