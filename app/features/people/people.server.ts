import { sql } from 'kysely'
import { recordAudit } from '~/db/audit.server'
import type { DB } from '~/db/database.server'
import { hashToken, newToken } from '~/features/auth/auth.server'
import { hashPassword } from '~/features/auth/password.server'
import { conflict, forbidden, invalid, notFound } from '~/lib/domain-errors'
import { deactivationProblem, membershipChangeProblem } from './people.rules'
import {
  INVITATION_TTL_MS,
  type Invitation,
  PEOPLE_MESSAGES as M,
  type Member,
  type People,
  type Role,
  roleOf,
} from './people.schema'

/**
 * The people of an establishment (decision 032). Every write that changes who holds a role locks
 * the establishment's row first (`for update`), then reads the facts and asks people.rules.ts: two
 * changes to one establishment's people are judged one after the other, so it can never be left
 * without an administrador, whatever arrives at once. Everything is audited in the same transaction.
 */

export interface Actor {
  id: number
  is_super_admin: boolean
}

const byEmail = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`

export async function listPeople(db: DB, establishmentId: number): Promise<People> {
  const members = await db
    .selectFrom('establishment_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as user_id', 'u.name', 'u.surname', 'u.email', 'm.is_admin', 'u.deactivated_at'])
    .where('m.establishment_id', '=', establishmentId)
    .orderBy('u.surname')
    .orderBy('u.name')
    .orderBy('u.id')
    .execute()
  const invitations = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'name', 'surname', 'is_admin', 'sent_at', 'expires_at'])
    .where('establishment_id', '=', establishmentId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('sent_at', 'desc')
    .execute()
  const now = Date.now()
  return {
    members: members.map(
      (m): Member => ({
        user_id: m.user_id,
        name: m.name,
        surname: m.surname,
        email: m.email,
        role: roleOf(m.is_admin),
        deactivated: m.deactivated_at !== null,
      }),
    ),
    invitations: invitations.map(
      (i): Invitation => ({
        id: i.id,
        email: i.email,
        name: i.name,
        surname: i.surname,
        role: roleOf(i.is_admin),
        sent_at: i.sent_at.toISOString(),
        expires_at: i.expires_at.toISOString(),
        expired: i.expires_at.getTime() <= now,
      }),
    ),
  }
}

/** Locks the establishment's row for the rest of the transaction; answers its name. */
async function lockEstablishment(trx: DB, establishmentId: number) {
  const row = await trx
    .selectFrom('establishments')
    .select('name')
    .where('id', '=', establishmentId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound(M.memberNotFound)
  return row.name
}

/** Under the lock: the actor must still be an administrador here (their role may have just changed). */
async function assertStillAdmin(trx: DB, actor: Actor, establishmentId: number) {
  if (actor.is_super_admin) return
  const row = await trx
    .selectFrom('establishment_members')
    .select('is_admin')
    .where('user_id', '=', actor.id)
    .where('establishment_id', '=', establishmentId)
    .executeTakeFirst()
  if (!row?.is_admin) throw forbidden(M.notAdmin)
}

/** Administradores of the establishment with an active account, other than `except`. */
async function otherAdmins(trx: DB, establishmentId: number, except: number) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from establishment_members m join users u on u.id = m.user_id
    where m.establishment_id = ${establishmentId} and m.is_admin and u.deactivated_at is null
      and m.user_id <> ${except}`.execute(trx)
  return rows[0]?.n ?? 0
}

export type InviteOutcome =
  | { outcome: 'invited'; token: string; establishment: string; email: string; name: string; role: Role }
  | { outcome: 'added'; establishment: string; email: string; name: string; role: Role }

/**
 * Invites a person by e-mail with a role. An address without an account gets an invitation (the
 * caller e-mails its token); one with an active account is added at once (the caller tells them).
 */
export async function invitePerson(
  db: DB,
  input: { establishmentId: number; actor: Actor; email: string; name: string; surname: string; role: Role },
): Promise<InviteOutcome> {
  return db.transaction().execute(async (trx) => {
    const establishment = await lockEstablishment(trx, input.establishmentId)
    await assertStillAdmin(trx, input.actor, input.establishmentId)
    const isAdmin = input.role === 'administrador'
    const user = await trx
      .selectFrom('users')
      .select(['id', 'name', 'deactivated_at'])
      .where(byEmail(input.email))
      .executeTakeFirst()
    if (user) {
      if (user.deactivated_at) throw conflict(M.accountDeactivated(input.email))
      const member = await trx
        .selectFrom('establishment_members')
        .select('user_id')
        .where('user_id', '=', user.id)
        .where('establishment_id', '=', input.establishmentId)
        .executeTakeFirst()
      if (member) throw conflict(M.alreadyMember(input.email))
      await trx
        .insertInto('establishment_members')
        .values({ user_id: user.id, establishment_id: input.establishmentId, is_admin: isAdmin })
        .execute()
      await recordAudit(trx, {
        userId: input.actor.id,
        establishmentId: input.establishmentId,
        action: 'member_add',
        entity: 'establishment_member',
        entityId: user.id,
        after: { email: input.email, role: input.role },
      })
      return { outcome: 'added', establishment, email: input.email, name: user.name, role: input.role }
    }
    const pending = await trx
      .selectFrom('invitations')
      .select('id')
      .where('establishment_id', '=', input.establishmentId)
      .where(byEmail(input.email))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst()
    if (pending) throw conflict(M.alreadyInvited(input.email))
    const token = newToken()
    const created = await trx
      .insertInto('invitations')
      .values({
        establishment_id: input.establishmentId,
        email: input.email,
        name: input.name,
        surname: input.surname,
        is_admin: isAdmin,
        token_hash: hashToken(token),
        invited_by: input.actor.id,
        expires_at: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      userId: input.actor.id,
      establishmentId: input.establishmentId,
      action: 'invitation_create',
      entity: 'invitation',
      entityId: created.id,
      after: { email: input.email, name: input.name, surname: input.surname, role: input.role },
    })
    return {
      outcome: 'invited',
      token,
      establishment,
      email: input.email,
      name: input.name,
      role: input.role,
    }
  })
}

/** A pending invitation of the establishment, locked; not found otherwise (accepted, revoked, foreign). */
async function pendingInvitation(trx: DB, establishmentId: number, invitationId: number) {
  const row = await trx
    .selectFrom('invitations')
    .select(['id', 'email', 'name', 'is_admin'])
    .where('id', '=', invitationId)
    .where('establishment_id', '=', establishmentId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound(M.invitationNotFound)
  return row
}

/** A new link (the old one stops working) valid for another INVITATION_TTL_MS. */
export async function resendInvitation(
  db: DB,
  input: { establishmentId: number; invitationId: number; actor: Actor },
) {
  return db.transaction().execute(async (trx) => {
    const establishment = await lockEstablishment(trx, input.establishmentId)
    await assertStillAdmin(trx, input.actor, input.establishmentId)
    const invitation = await pendingInvitation(trx, input.establishmentId, input.invitationId)
    const token = newToken()
    await trx
      .updateTable('invitations')
      .set({
        token_hash: hashToken(token),
        sent_at: new Date(),
        expires_at: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .where('id', '=', invitation.id)
      .execute()
    await recordAudit(trx, {
      userId: input.actor.id,
      establishmentId: input.establishmentId,
      action: 'invitation_resend',
      entity: 'invitation',
      entityId: invitation.id,
    })
    return {
      token,
      establishment,
      email: invitation.email,
      name: invitation.name,
      role: roleOf(invitation.is_admin),
    }
  })
}

export async function revokeInvitation(
  db: DB,
  input: { establishmentId: number; invitationId: number; actor: Actor },
) {
  await db.transaction().execute(async (trx) => {
    await lockEstablishment(trx, input.establishmentId)
    await assertStillAdmin(trx, input.actor, input.establishmentId)
    const invitation = await pendingInvitation(trx, input.establishmentId, input.invitationId)
    await trx
      .updateTable('invitations')
      .set({ revoked_at: new Date() })
      .where('id', '=', invitation.id)
      .execute()
    await recordAudit(trx, {
      userId: input.actor.id,
      establishmentId: input.establishmentId,
      action: 'invitation_revoke',
      entity: 'invitation',
      entityId: invitation.id,
      before: { email: invitation.email },
    })
  })
}

/** The target's membership, locked. */
async function membership(trx: DB, establishmentId: number, userId: number) {
  const row = await trx
    .selectFrom('establishment_members')
    .select('is_admin')
    .where('user_id', '=', userId)
    .where('establishment_id', '=', establishmentId)
    .forUpdate()
    .executeTakeFirst()
  if (!row) throw notFound(M.memberNotFound)
  return row
}

/** 'Update user roles' (spec section 7): PUT /v2/establishments/{id}/members/{userId}/role. */
export async function changeRole(
  db: DB,
  input: { establishmentId: number; userId: number; role: Role; actor: Actor },
) {
  await db.transaction().execute(async (trx) => {
    await lockEstablishment(trx, input.establishmentId)
    await assertStillAdmin(trx, input.actor, input.establishmentId)
    const current = await membership(trx, input.establishmentId, input.userId)
    const from = roleOf(current.is_admin)
    if (from === input.role) return
    const problem = membershipChangeProblem({
      actorId: input.actor.id,
      actorIsSuperAdmin: input.actor.is_super_admin,
      targetId: input.userId,
      from,
      to: input.role,
      otherAdmins: await otherAdmins(trx, input.establishmentId, input.userId),
    })
    if (problem) throw problem === M.ownRole ? forbidden(problem) : conflict(problem)
    await trx
      .updateTable('establishment_members')
      .set({ is_admin: input.role === 'administrador' })
      .where('user_id', '=', input.userId)
      .where('establishment_id', '=', input.establishmentId)
      .execute()
    await recordAudit(trx, {
      userId: input.actor.id,
      establishmentId: input.establishmentId,
      action: 'member_role_change',
      entity: 'establishment_member',
      entityId: input.userId,
      before: { role: from },
      after: { role: input.role },
    })
  })
}

/**
 * Removes a person from the establishment. Someone left with no establishment (and not a
 * superadministrador) has every session ended at once; others keep theirs, which no longer reach
 * this establishment (every request checks the membership).
 */
export async function removeMember(db: DB, input: { establishmentId: number; userId: number; actor: Actor }) {
  await db.transaction().execute(async (trx) => {
    await lockEstablishment(trx, input.establishmentId)
    await assertStillAdmin(trx, input.actor, input.establishmentId)
    const current = await membership(trx, input.establishmentId, input.userId)
    const from = roleOf(current.is_admin)
    const problem = membershipChangeProblem({
      actorId: input.actor.id,
      actorIsSuperAdmin: input.actor.is_super_admin,
      targetId: input.userId,
      from,
      to: null,
      otherAdmins: await otherAdmins(trx, input.establishmentId, input.userId),
    })
    if (problem) throw conflict(problem)
    await trx
      .deleteFrom('establishment_members')
      .where('user_id', '=', input.userId)
      .where('establishment_id', '=', input.establishmentId)
      .execute()
    const { rows } = await sql<{ keeps: boolean }>`
      select u.is_super_admin or exists (select 1 from establishment_members m where m.user_id = u.id) as keeps
      from users u where u.id = ${input.userId}`.execute(trx)
    if (!rows[0]?.keeps) await revokeTokens(trx, input.userId)
    await recordAudit(trx, {
      userId: input.actor.id,
      establishmentId: input.establishmentId,
      action: 'member_remove',
      entity: 'establishment_member',
      entityId: input.userId,
      before: { role: from },
    })
  })
}

async function revokeTokens(trx: DB, userId: number) {
  await trx
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * A superadministrador deactivates an account: it cannot sign in, and every token it holds is revoked
 * in the same transaction (its sessions end at once). Refused for one's own account and for the only
 * active administrador of an establishment; those establishments are locked first, in id order, so a
 * role change there waits for this and then sees it.
 */
export async function setAccountDeactivated(
  db: DB,
  input: { userId: number; deactivated: boolean; actor: Actor },
) {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'deactivated_at'])
      .where('id', '=', input.userId)
      .forUpdate()
      .executeTakeFirst()
    if (!user) throw notFound(M.userNotFound)
    if (input.deactivated) {
      if (user.deactivated_at) throw conflict(M.alreadyDeactivated)
      const adminOf = await trx
        .selectFrom('establishment_members as m')
        .innerJoin('establishments as e', 'e.id', 'm.establishment_id')
        .select(['e.id', 'e.name'])
        .where('m.user_id', '=', input.userId)
        .where('m.is_admin', '=', true)
        .orderBy('e.id')
        .forUpdate()
        .execute()
      const soleAdminOf: string[] = []
      for (const establishment of adminOf)
        if ((await otherAdmins(trx, establishment.id, input.userId)) === 0)
          soleAdminOf.push(establishment.name)
      const problem = deactivationProblem({ actorId: input.actor.id, targetId: input.userId, soleAdminOf })
      if (problem) throw conflict(problem)
      await revokeTokens(trx, input.userId)
    } else if (!user.deactivated_at) {
      throw conflict(M.notDeactivated)
    }
    await trx
      .updateTable('users')
      .set({
        deactivated_at: input.deactivated ? new Date() : null,
        updated_at: new Date(),
        version: sql`version + 1`,
      })
      .where('id', '=', input.userId)
      .execute()
    await recordAudit(trx, {
      userId: input.actor.id,
      action: input.deactivated ? 'user_deactivate' : 'user_reactivate',
      entity: 'user',
      entityId: input.userId,
      before: { deactivated: !input.deactivated },
      after: { deactivated: input.deactivated },
    })
  })
}

/**
 * Accepts an invitation from its e-mailed link: creates the account with the chosen password and
 * the membership, and uses the link up. One transaction; the invitation row is locked, so a link
 * clicked twice at once creates one account.
 */
export async function acceptInvitation(db: DB, input: { token: string; password: string }) {
  const password_hash = await hashPassword(input.password)
  await db.transaction().execute(async (trx) => {
    const invitation = await trx
      .selectFrom('invitations')
      .select(['id', 'establishment_id', 'email', 'name', 'surname', 'is_admin'])
      .where('token_hash', '=', hashToken(input.token))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .forUpdate()
      .executeTakeFirst()
    if (!invitation) throw invalid(M.invitationInvalid, 'token')
    // Someone may have given the address an account since: it joins, and its password stays its own.
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'deactivated_at'])
      .where(byEmail(invitation.email))
      .executeTakeFirst()
    if (existing?.deactivated_at) throw conflict(M.accountDeactivated(invitation.email))
    const userId =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({
            email: invitation.email,
            name: invitation.name,
            surname: invitation.surname,
            password_hash,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    await trx
      .insertInto('establishment_members')
      .values({
        user_id: userId,
        establishment_id: invitation.establishment_id,
        is_admin: invitation.is_admin,
      })
      .onConflict((oc) => oc.columns(['user_id', 'establishment_id']).doNothing())
      .execute()
    await trx
      .updateTable('invitations')
      .set({ accepted_at: new Date() })
      .where('id', '=', invitation.id)
      .execute()
    await recordAudit(trx, {
      userId,
      establishmentId: invitation.establishment_id,
      action: 'invitation_accept',
      entity: 'invitation',
      entityId: invitation.id,
      after: { user_id: userId, role: roleOf(invitation.is_admin) },
    })
  })
}
