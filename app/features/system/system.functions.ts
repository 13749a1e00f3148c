import { createServerFn } from '@tanstack/react-start'
import { type Health, healthRoute } from '~/api/health/health.routes'
import { providerClient } from '~/lib/provider.server'
import { providerApi, readAnswer } from '~/lib/provider-api.server'

/**
 * Asks the provider API for its health, through the same client every server function uses. A 503
 * is an answer here (the database is down), with the same body as a 200.
 */
export const getSystemStatus = createServerFn({ method: 'GET' }).handler(async (): Promise<Health> => {
  const response = await providerApi(providerClient()).send(healthRoute, {})
  return readAnswer(healthRoute, response, [503])
})
