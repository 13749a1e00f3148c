/**
 * Builds the production server script (scripts/serve.ts and the database, seed and env modules it
 * imports) into plain ES modules, `dist/serve.mjs` and its chunks in `dist/serve-chunks/`, run by
 * `npm run serve` with `node` alone (decision 047). What only a serving process needs
 * (scripts/serve-process.ts: srvx, the database, the seed) is a chunk of its own, imported when a
 * process serves, so the primary of several processes never loads it (decision 053). Under `--import tsx` every process carried tsx's module hooks (a second
 * JavaScript heap on the hooks' thread) and Node's source-map support (every module's source map
 * kept as strings): about 110 MB of RSS before the first request, and a live heap a third larger
 * after renders, for a server that runs nothing but built code once started.
 *
 * Packages stay imports of `node_modules` (PGlite loads its wasm from its own folder; srvx, Kysely,
 * pg and zod are shared with the app's bundle in dist/server). None of them reads NODE_ENV when
 * loaded, so their imports, which ES modules evaluate before the bundled code, run before
 * production-mode.ts's assignment harmlessly; React, which does, loads with the app afterwards.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'vite'

const root = path.resolve(import.meta.dirname, '..')
// Chunks are named by their hash: last build's would otherwise pile up beside the new ones.
rmSync(path.join(root, 'dist/serve-chunks'), { recursive: true, force: true })

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  resolve: { tsconfigPaths: true },
  build: {
    ssr: path.join(root, 'scripts/serve.ts'),
    outDir: path.join(root, 'dist'),
    // dist/client and dist/server are the app's build, written just before this step.
    emptyOutDir: false,
    copyPublicDir: false,
    minify: false,
    target: 'node24',
    rollupOptions: {
      output: { entryFileNames: 'serve.mjs', chunkFileNames: 'serve-chunks/[name]-[hash].mjs', format: 'es' },
    },
  },
  // Every package is left to node_modules (Vite's SSR default), the native/wasm drivers included.
  ssr: { external: ['@electric-sql/pglite', 'pg'] },
})
console.log('[server] dist/serve.mjs, dist/serve-chunks/')
