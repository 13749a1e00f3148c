/**
 * Builds the service worker (decision 040) after `vite build`, in its own step: vite-plugin-pwa's
 * and @serwist/vite's build hooks do not run under `tanstackStart()` in production builds
 * (TanStack/router#4988, serwist/serwist#300, both open when this was written). Two steps:
 *
 * 1. Vite bundles `app/features/offline/service-worker/sw.ts` (Serwist's runtime) into one classic
 *    script, in a temporary folder;
 * 2. Serwist's build API (`injectManifest` of @serwist/build) lists the client build's files
 *    (`dist/client`: hashed JavaScript and CSS, icons) with their revisions and writes the worker to
 *    `dist/client/sw.js` with that list in place of `self.__SW_MANIFEST`.
 *
 * `npm run build` runs it after `vite build`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { injectManifest } from '@serwist/build'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'dist', 'client')
const source = path.join(root, 'app', 'features', 'offline', 'service-worker', 'sw.ts')

async function main() {
  const temp = await mkdtemp(path.join(os.tmpdir(), 'insights-sw-'))
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      resolve: { tsconfigPaths: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: temp,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: true,
        sourcemap: false,
        lib: { entry: source, formats: ['iife'], name: 'insightsServiceWorker', fileName: () => 'sw.js' },
      },
    })
    const { count, size, warnings } = await injectManifest({
      swSrc: path.join(temp, 'sw.js'),
      swDest: path.join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      globPatterns: ['assets/**/*.{js,css}', '*.{svg,png,ico}'],
      globIgnores: ['**/*.br', '**/*.gz', 'sw.js', '.vite/**'],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      additionalPrecacheEntries: [{ url: '/manifest.webmanifest', revision: String(Date.now()) }],
    })
    for (const warning of warnings) console.warn(`[sw] ${warning}`)
    console.log(`[sw] dist/client/sw.js: ${count} archivos precargados (${(size / 1024).toFixed(0)} KiB)`)
  } finally {
    await rm(temp, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error('[sw] no se pudo construir el service worker:', error)
  process.exit(1)
})
