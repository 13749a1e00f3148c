import type { UserRoles } from './auth.schema'

/** Whether the user is an admin where they work now (or anywhere, outside an establishment). */
export function isAdminIn(roles: UserRoles | undefined, establishmentId?: number) {
  if (!roles) return false
  if (roles.isSuperAdmin) return true
  return roles.roleInEstablishment.some(
    (role) => role.is_admin && (establishmentId === undefined || role.establishment_id === establishmentId),
  )
}

/**
 * Masivo (bulk) creation shows to superadmins and to admins of at least one establishment (spec
 * section 6). The provider checks again on every upload: admins of that establishment only.
 */
export function canBulkCreate(roles: UserRoles | undefined) {
  return isAdminIn(roles)
}
