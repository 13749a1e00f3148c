import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { createIsomorphicFn, getGlobalStartContext } from '@tanstack/react-start'
import { QUERY_DEFAULTS } from '~/lib/query-defaults'
import { routeTree } from './routeTree.gen'

/**
 * The CSP nonce of this request (decision 014), set by the security-headers middleware in
 * app/start.ts. The router stamps it on every script and style tag it renders and publishes it in a
 * `csp-nonce` meta tag, where the client router picks it up after hydration.
 */
const ssrOptions = createIsomorphicFn()
  .server(() => ({ nonce: getGlobalStartContext()?.cspNonce }))
  .client(() => undefined)

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: QUERY_DEFAULTS,
  })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
    ssr: ssrOptions(),
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
