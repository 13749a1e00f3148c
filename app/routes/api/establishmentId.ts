import { createFileRoute } from '@tanstack/react-router'
import { isUnauthorized } from '~/features/auth/session.server'
import { selectEstablishmentSchema } from '~/features/establishments/establishment.schema'
import { selectEstablishment } from '~/features/establishments/select-establishment.server'
import { isSameOriginRequest } from '~/lib/same-origin'

const json = (body: unknown, status: number) => Response.json(body, { status })

/**
 * Spec section 7, "Save selected establishment": the local endpoint that stores the chosen
 * establishment in a cookie. Same-origin only (it sets a cookie), and only for an establishment the
 * signed-in user belongs to.
 */
export const Route = createFileRoute('/api/establishmentId')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        if (!isSameOriginRequest(request)) return json({ error: 'Solicitud de otro sitio rechazada' }, 403)

        const parsed = selectEstablishmentSchema.safeParse(await request.json().catch(() => undefined))
        if (!parsed.success) return json({ error: 'Establecimiento inválido' }, 400)
        try {
          const result = await selectEstablishment(parsed.data.establishmentId)
          return result.ok
            ? json({ data: result.establishment }, 200)
            : json({ error: result.error }, result.status)
        } catch (error) {
          if (isUnauthorized(error)) return json({ error: 'Sesión vencida' }, 401)
          throw error
        }
      },
    },
  },
})
