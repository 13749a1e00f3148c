import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Stories need only path aliases and React. Panda's CSS comes from postcss.config.cjs, which Vite
// finds at the project root by itself.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [react()],
})
