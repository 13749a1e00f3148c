import { createFileRoute } from '@tanstack/react-router'
import { getApiApp } from '~/api/app'
import { clientAddressOf } from '~/lib/client-address.server'

/** The API is told the client's address from the socket (and trusted proxies), never from the client. */
const handle = ({ request }: { request: Request }) =>
  getApiApp().fetch(request, { clientAddress: clientAddressOf(request) })

/** Hands every /app-insights/api/* request to the provider API (Hono). */
export const Route = createFileRoute('/app-insights/api/$')({
  server: {
    handlers: {
      GET: handle,
      POST: handle,
      PUT: handle,
      PATCH: handle,
      DELETE: handle,
      OPTIONS: handle,
      HEAD: handle,
    },
  },
})
