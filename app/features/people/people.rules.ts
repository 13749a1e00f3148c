import { PEOPLE_MESSAGES as M, type Role } from './people.schema'

/**
 * The rules about who holds which role, asked by every write that changes a membership (role change,
 * removal, account deactivation; decision 032). Pure: each path loads the facts inside its
 * transaction, after locking the establishment's row, so two administradores demoting each other at
 * the same moment are judged one after the other and the second sees the first's change.
 */

export interface MembershipChange {
  /** The person making the change, and whether they are a superadministrador. */
  actorId: number
  actorIsSuperAdmin: boolean
  /** The person whose membership changes. */
  targetId: number
  from: Role
  /** The new role; `null` when the person leaves the establishment. */
  to: Role | null
  /** Administradores with an active account other than the target. */
  otherAdmins: number
}

/** The refusal for a change of role or a removal, or undefined when it may happen. */
export function membershipChangeProblem(change: MembershipChange): string | undefined {
  const raises = change.from === 'usuario' && change.to === 'administrador'
  if (raises && change.actorId === change.targetId && !change.actorIsSuperAdmin) return M.ownRole
  const dropsAdmin = change.from === 'administrador' && change.to !== 'administrador'
  if (dropsAdmin && change.otherAdmins === 0) return M.lastAdmin
  return undefined
}

/**
 * The refusal for deactivating an account: one's own, or that of the only active administrador of an
 * establishment (named, so the superadministrador knows where to appoint another first).
 */
export function deactivationProblem(input: {
  actorId: number
  targetId: number
  soleAdminOf: readonly string[]
}): string | undefined {
  if (input.actorId === input.targetId) return M.ownAccount
  if (input.soleAdminOf.length > 0) return M.lastAdminOf(input.soleAdminOf.join(', '))
  return undefined
}
