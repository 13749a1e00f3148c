import { createFileRoute } from '@tanstack/react-router'
import { limitBodyStream } from 'srvx/body-limit'
import { isTokenAccepted, provider, readToken } from '~/features/auth/session.server'
import { selectEstablishmentSchema } from '~/features/establishments/establishment.schema'
import { selectEstablishment } from '~/features/establishments/select-establishment.server'
import { isUnauthorized } from '~/lib/provider-api.server'

const json = (body: unknown, status: number) => Response.json(body, { status })

/** `{ "establishmentId": 12 }` is a few bytes: anything much larger is not read. */
const MAX_BODY_BYTES = 4 * 1024

/** The JSON body, read up to MAX_BODY_BYTES; undefined when it is missing, larger or not JSON. */
async function smallJson(request: Request): Promise<unknown> {
  if (!request.body) return undefined
  return new Response(limitBodyStream(request.body, MAX_BODY_BYTES)).json().catch(() => undefined)
}

/**
 * Spec section 7, "Save selected establishment": the local endpoint that stores the chosen
 * establishment in a cookie. Same-origin only (it sets a cookie: the middleware in app/start.ts
 * checks every local endpoint, decision 014), and only for an establishment the signed-in user
 * belongs to. The session is checked before the body is read.
 */
export const Route = createFileRoute('/api/establishmentId')({
  server: {
    handlers: {
      POST: async ({ request }) => {
        const token = readToken()
        if (!token || !(await isTokenAccepted(provider(token))))
          return json({ error: 'Inicie sesión para elegir un establecimiento' }, 401)

        const parsed = selectEstablishmentSchema.safeParse(await smallJson(request))
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
