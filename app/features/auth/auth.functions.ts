import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { meRoute, resetRequestRoute, sessionRoute } from '~/api/auth/auth.routes'
import { userRolesRoute } from '~/api/users/users.routes'
import type { ActionResult } from '~/lib/action-result'
import { isUnauthorized, providerAction, providerErrorMessage } from '~/lib/provider-api.server'
import { changePassword, confirmPasswordReset, signIn, signOut } from './auth.actions.server'
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  loginSchema,
  resetConfirmSchema,
  resetRequestSchema,
  type SessionUser,
  type UserRoles,
} from './auth.schema'
import { clearSession, provider, readToken, writeToken } from './session.server'

export const loginFn = createServerFn({ method: 'POST' })
  .validator(loginSchema.extend({ remember: z.boolean().optional() }))
  .handler(({ data }) => signIn(data))

export const logoutFn = createServerFn({ method: 'POST' }).handler(async () => {
  await signOut()
  return { ok: true as const }
})

export interface Session {
  user: SessionUser
  roles: UserRoles
  /** The session is kept for 30 days (the establishment dialog's toggle). */
  keepSession: boolean
}

/** The signed-in user and roles, or null (no cookie, or a token the provider no longer accepts). */
export const getSessionFn = createServerFn({ method: 'GET' }).handler(async (): Promise<Session | null> => {
  const token = readToken()
  if (!token) return null
  try {
    const client = provider(token)
    const [me, roles] = await Promise.all([client.call(meRoute, {}), client.call(userRolesRoute, {})])
    return { user: me.data, roles: roles.data, keepSession: me.session.remember }
  } catch (error) {
    if (isUnauthorized(error)) {
      clearSession()
      return null
    }
    throw error
  }
})

export const changePasswordFn = createServerFn({ method: 'POST' })
  .validator(changePasswordSchema)
  .handler(({ data }) => changePassword(data))

export const requestPasswordResetFn = createServerFn({ method: 'POST' })
  .validator(resetRequestSchema)
  .handler(async ({ data }): Promise<ActionResult> => {
    try {
      await provider(undefined).call(resetRequestRoute, { json: data })
    } catch (error) {
      // Spec section 8: a forgot-password failure is silent for the user, only logged.
      console.error('[auth] pedido de restablecimiento fallido', providerErrorMessage(error))
    }
    return { ok: true, message: AUTH_MESSAGES.resetRequested }
  })

export const confirmPasswordResetFn = createServerFn({ method: 'POST' })
  .validator(resetConfirmSchema)
  .handler(({ data }) => confirmPasswordReset(data))

/** The establishment dialog's session toggle: keep this session for 30 days, or not. */
export const setKeepSessionFn = createServerFn({ method: 'POST' })
  .validator(z.object({ keepSession: z.boolean() }))
  .handler(async ({ data }): Promise<ActionResult> => {
    const token = readToken()
    if (!token) return { ok: false, error: AUTH_MESSAGES.sessionExpired }
    return providerAction(undefined, async () => {
      const session = await provider(token).call(sessionRoute, { json: { remember: data.keepSession } })
      writeToken(token, new Date(session.expires_at), data.keepSession)
      return { ok: true }
    })
  })
