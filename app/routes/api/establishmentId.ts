import { createFileRoute } from '@tanstack/react-router'
import { HTTPError } from 'ky'
import type { Establishment } from '~/features/establishments/establishment.schema'
import { selectEstablishmentSchema } from '~/features/establishments/establishment.schema'
import { provider, readToken, writeEstablishmentId } from '~/features/auth/session.server'

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
        const site = request.headers.get('sec-fetch-site')
        const origin = request.headers.get('origin')
        const sameOrigin = site ? site === 'same-origin' : !origin || origin === new URL(request.url).origin
        if (!sameOrigin) return json({ error: 'Solicitud de otro sitio rechazada' }, 403)

        if (!readToken()) return json({ error: 'Inicie sesión para elegir un establecimiento' }, 401)
        const parsed = selectEstablishmentSchema.safeParse(await request.json().catch(() => undefined))
        if (!parsed.success) return json({ error: 'Establecimiento inválido' }, 400)

        try {
          const { data } = await provider().get('v1/user/establishments').json<{ data: Establishment[] }>()
          const establishment = data.find((e) => e.id === parsed.data.establishmentId)
          if (!establishment) return json({ error: 'No tiene acceso a este establecimiento' }, 403)
          writeEstablishmentId(establishment.id)
          return json({ data: establishment }, 200)
        } catch (error) {
          if (error instanceof HTTPError && error.response.status === 401) return json({ error: 'Sesión vencida' }, 401)
          throw error
        }
      },
    },
  },
})
