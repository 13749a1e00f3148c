import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

/**
 * TanStack Start's server core imports virtual modules (`#tanstack-start-entry`, the server-function
 * resolver, …) that only the Start plugin provides. Stories never run server code, but a component
 * that loads chute mode's offline machinery lazily (decision 040) reaches a server function's module,
 * and the story build must still resolve it: each virtual module becomes an inert stand-in that
 * throws if anything ever calls into it.
 */
function startVirtualModulesStandIn(): Plugin {
  const prefix = '\0storybook-start-virtual:'
  return {
    name: 'storybook-start-virtual-modules',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith('#tanstack-') || id.startsWith('tanstack-start-') ? `${prefix}${id}` : null
    },
    load(id) {
      if (!id.startsWith(prefix)) return null
      const name = id.slice(prefix.length)
      const fail = `() => { throw new Error('${name}: código del servidor, no disponible en Storybook') }`
      // Every name the server core imports from one of them (node_modules/@tanstack/start-*).
      return [
        `export const getServerFnById = ${fail}`,
        `export const getRouter = ${fail}`,
        'export const startInstance = undefined',
        'export const hasPluginAdapters = false',
        'export const pluginSerializationAdapters = []',
        'export const tsrStartManifest = () => ({ routes: {} })',
        'export default {}',
      ].join('\n')
    },
  }
}

// Stories need only path aliases and React. Panda's CSS comes from postcss.config.cjs, which Vite
// finds at the project root by itself.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [startVirtualModulesStandIn(), react()],
})
