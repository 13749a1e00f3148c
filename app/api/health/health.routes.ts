import { createRoute } from '@hono/zod-openapi'
import { z } from 'zod'

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'error']),
    /** The server's NODE_ENV: a deployment serving development builds shows here. */
    mode: z.enum(['development', 'production', 'test']).meta({
      description: 'Modo en que corre el servidor (production al servir la compilación)',
    }),
    database: z.object({
      engine: z.enum(['pglite', 'postgres']),
      reachable: z.boolean(),
    }),
  })
  .meta({ id: 'Health' })

export type Health = z.infer<typeof healthSchema>

export const healthRoute = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Sistema'],
  summary: 'Estado del servicio y de la base de datos',
  responses: {
    200: {
      description: 'El servicio y la base de datos responden',
      content: { 'application/json': { schema: healthSchema } },
    },
    503: {
      description: 'La base de datos no responde',
      content: { 'application/json': { schema: healthSchema } },
    },
  },
})
