import { createServerFn } from '@tanstack/react-start'
import type { Health } from '~/api/health/health.routes'
import { providerClient } from '~/lib/provider.server'

/** Asks the provider API for its health, through the same client every server function uses. */
export const getSystemStatus = createServerFn({ method: 'GET' }).handler(async (): Promise<Health> => {
  return providerClient().get('health', { throwHttpErrors: false }).json<Health>()
})
