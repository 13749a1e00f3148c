import { sendAddedMail, sendInvitationMail } from '~/features/people/invitation-mail.server'
import { PEOPLE_MESSAGES as M } from '~/features/people/people.schema'
import {
  acceptInvitation,
  changeRole,
  invitePerson,
  listPeople,
  removeMember,
  resendInvitation,
  revokeInvitation,
  setAccountDeactivated,
} from '~/features/people/people.server'
import { DomainError } from '~/lib/domain-errors'
import { createRouter } from '../lib/create-router'
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
} from './people.routes'

/** Sends one e-mail; a mail server that refuses or is unreachable is logged and reported as false. */
async function mailed(send: () => Promise<unknown>) {
  try {
    await send()
    return true
  } catch (error) {
    console.error(`[correo] No se pudo enviar: ${error instanceof Error ? error.message : String(error)}`)
    return false
  }
}

/** The routes' guards checked who may (people.routes.ts); the domain holds the role rules. */
export const peopleRouter = createRouter()
  .openapi(listPeopleRoute, async (c) =>
    c.json({ data: await listPeople(c.var.db, c.var.establishmentId) }, 200),
  )
  .openapi(inviteRoute, async (c) => {
    const body = c.req.valid('json')
    const result = await invitePerson(c.var.db, {
      establishmentId: c.var.establishmentId,
      actor: c.var.user,
      ...body,
    })
    // Sent after the commit: a mail server that is down must not undo the invitation (it can be re-sent),
    // and the answer says so instead of a bare 500.
    if (result.outcome === 'invited') {
      if (!(await mailed(() => sendInvitationMail(result, result))))
        throw new DomainError('unavailable', M.inviteMailFailed(result.email))
      return c.json({ message: M.invited(result.email), data: { outcome: result.outcome } }, 201)
    }
    // The membership is the change; the notice is a courtesy.
    const noticed = await mailed(() => sendAddedMail(result, result))
    const message = noticed ? M.added(result.email) : M.addedMailFailed(result.email)
    return c.json({ message, data: { outcome: result.outcome } }, 201)
  })
  .openapi(resendInvitationRoute, async (c) => {
    const { invitationId } = c.req.valid('param')
    const result = await resendInvitation(c.var.db, {
      establishmentId: c.var.establishmentId,
      invitationId,
      actor: c.var.user,
    })
    if (!(await mailed(() => sendInvitationMail(result, result))))
      throw new DomainError('unavailable', M.resendMailFailed(result.email))
    return c.json({ message: M.resent(result.email) }, 200)
  })
  .openapi(revokeInvitationRoute, async (c) => {
    const { invitationId } = c.req.valid('param')
    await revokeInvitation(c.var.db, {
      establishmentId: c.var.establishmentId,
      invitationId,
      actor: c.var.user,
    })
    return c.json({ message: M.revoked }, 200)
  })
  .openapi(changeRoleRoute, async (c) => {
    const { userId } = c.req.valid('param')
    const { role } = c.req.valid('json')
    await changeRole(c.var.db, { establishmentId: c.var.establishmentId, userId, role, actor: c.var.user })
    return c.json({ message: M.roleChanged }, 200)
  })
  .openapi(removeMemberRoute, async (c) => {
    const { userId } = c.req.valid('param')
    await removeMember(c.var.db, { establishmentId: c.var.establishmentId, userId, actor: c.var.user })
    return c.json({ message: M.removed }, 200)
  })
  .openapi(deactivateUserRoute, async (c) => {
    const { userId } = c.req.valid('param')
    await setAccountDeactivated(c.var.db, { userId, deactivated: true, actor: c.var.user })
    return c.json({ message: M.deactivated }, 200)
  })
  .openapi(reactivateUserRoute, async (c) => {
    const { userId } = c.req.valid('param')
    await setAccountDeactivated(c.var.db, { userId, deactivated: false, actor: c.var.user })
    return c.json({ message: M.reactivated }, 200)
  })
  .openapi(acceptInvitationRoute, async (c) => {
    const { token, new_password } = c.req.valid('json')
    await acceptInvitation(c.var.db, { token, password: new_password })
    return c.json({ message: M.invitationAccepted }, 200)
  })
