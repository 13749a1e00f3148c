import { userEstablishmentsRoute } from '~/api/users/users.routes'
import { provider, readToken, writeEstablishmentId } from '~/features/auth/session.server'
import { ESTABLISHMENT_ACCESS_DENIED, type Establishment } from './establishment.schema'

export type SelectEstablishmentResult =
  | { ok: true; establishment: Establishment }
  | { ok: false; status: 401 | 403; error: string }

/**
 * Makes an establishment the current one (cookie), if the signed-in user belongs to it. Used by the
 * local POST /api/establishmentId and by pages whose address names an establishment.
 */
export async function selectEstablishment(establishmentId: number): Promise<SelectEstablishmentResult> {
  if (!readToken()) return { ok: false, status: 401, error: 'Inicie sesión para elegir un establecimiento' }
  // A refusal (a token the provider no longer accepts) is the caller's to answer.
  const { data } = await provider().call(userEstablishmentsRoute, {})
  const establishment = data.find((e) => e.id === establishmentId)
  if (!establishment) return { ok: false, status: 403, error: ESTABLISHMENT_ACCESS_DENIED }
  writeEstablishmentId(establishment.id)
  return { ok: true, establishment }
}
