import { createFileRoute } from '@tanstack/react-router'
import { getApiApp } from '~/api/app'

const handle = ({ request }: { request: Request }) => getApiApp().fetch(request)

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
