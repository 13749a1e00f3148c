import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
// An extension, as Vite's coming native config loader requires (TypeScript maps .js to the .ts).
import { precompress } from './scripts/precompress.js'
import { zodLocale } from './scripts/zod-locale-plugin.js'

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  plugins: [
    // The Start plugin must precede the React plugin.
    tanstackStart({ srcDirectory: 'app' }),
    viteReact(),
    // zod's Spanish locale comes with zod, not with the entry every page loads (decision 046).
    zodLocale(),
    // `.br`/`.gz` beside the client build's files, served by scripts/static-files.ts (decision 025).
    precompress(),
  ],
  // The client build's chunk graph (dist/client/.vite/manifest.json, not served: srvx refuses dot
  // paths) is what the JavaScript budgets check reads (scripts/js-budgets.ts, decision 026).
  // `JS_MODULES=1` adds source maps, from which scripts/js-modules.ts tells which modules a page's
  // JavaScript is made of (decision 042); never for a build that is served.
  environments: {
    client: { build: { manifest: true, sourcemap: process.env.JS_MODULES ? 'hidden' : false } },
  },
  ssr: {
    // Native/wasm database drivers must stay external: PGlite loads its wasm and data files from its own package folder.
    external: ['@electric-sql/pglite', 'pg'],
  },
})
