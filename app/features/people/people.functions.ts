import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  acceptInvitationRoute,
  changeRoleRoute,
  deactivateUserRoute,
  inviteRoute,
  listPeopleRoute,
  reactivateUserRoute,
  removeMemberRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
} from '~/api/people/people.routes'
import { resetConfirmSchema } from '~/features/auth/auth.schema'
import { provider } from '~/features/auth/session.server'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import { inviteSchema, PEOPLE_MESSAGES as M, type People, ROLES } from './people.schema'

const establishment = z.object({ establishmentId: z.number().int().positive() })
const id = z.number().int().positive()

export const listPeopleFn = createServerFn({ method: 'GET' })
  .validator(establishment)
  .handler(
    async ({ data }): Promise<People> =>
      (await provider().read(M.listError, listPeopleRoute, { param: { id: data.establishmentId } })).data,
  )

export const inviteFn = createServerFn({ method: 'POST' })
  .validator(establishment.extend({ invite: inviteSchema }))
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(M.actionError, async () => {
        const answer = await provider().call(inviteRoute, {
          param: { id: data.establishmentId },
          json: data.invite,
        })
        return { ok: true, message: answer.message }
      }),
  )

/**
 * The other changes to people, one server function: each names its route, so the path and the
 * parameters stay typed by the contract.
 */
const personAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('resend'), establishmentId: id, invitationId: id }),
  z.object({ action: z.literal('revoke'), establishmentId: id, invitationId: id }),
  z.object({ action: z.literal('role'), establishmentId: id, userId: id, role: z.enum(ROLES) }),
  z.object({ action: z.literal('remove'), establishmentId: id, userId: id }),
  z.object({ action: z.literal('deactivate'), userId: id }),
  z.object({ action: z.literal('reactivate'), userId: id }),
])
export type PersonAction = z.infer<typeof personAction>

export const personActionFn = createServerFn({ method: 'POST' })
  .validator(personAction)
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(M.actionError, async () => {
        const api = provider()
        const answer =
          data.action === 'resend'
            ? await api.call(resendInvitationRoute, {
                param: { id: data.establishmentId, invitationId: data.invitationId },
              })
            : data.action === 'revoke'
              ? await api.call(revokeInvitationRoute, {
                  param: { id: data.establishmentId, invitationId: data.invitationId },
                })
              : data.action === 'role'
                ? await api.call(changeRoleRoute, {
                    param: { id: data.establishmentId, userId: data.userId },
                    json: { role: data.role },
                  })
                : data.action === 'remove'
                  ? await api.call(removeMemberRoute, {
                      param: { id: data.establishmentId, userId: data.userId },
                    })
                  : data.action === 'deactivate'
                    ? await api.call(deactivateUserRoute, { param: { userId: data.userId } })
                    : await api.call(reactivateUserRoute, { param: { userId: data.userId } })
        return { ok: true, message: answer.message }
      }),
  )

/** The invitation page: no session, the e-mailed token is the credential. */
export const acceptInvitationFn = createServerFn({ method: 'POST' })
  .validator(resetConfirmSchema)
  .handler(
    ({ data }): Promise<ActionResult> =>
      providerAction(M.invitationInvalid, async () => {
        const answer = await provider(undefined).call(acceptInvitationRoute, { json: data })
        return { ok: true, message: answer.message }
      }),
  )
