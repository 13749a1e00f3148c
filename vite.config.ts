import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  server: { port: 3000 },
  resolve: { tsconfigPaths: true },
  plugins: [
    // The Start plugin must precede the React plugin.
    tanstackStart({ srcDirectory: 'app' }),
    viteReact(),
  ],
  ssr: {
    // Native/wasm database drivers must stay external: PGlite loads its wasm and data files from its own package folder.
    external: ['@electric-sql/pglite', 'pg'],
  },
})
