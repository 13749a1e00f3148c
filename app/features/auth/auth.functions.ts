import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import {
  type ActionResult,
  changePassword,
  confirmPasswordReset,
  signIn,
  signOut,
} from './auth.actions.server'
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  loginSchema,
  resetConfirmSchema,
  resetRequestSchema,
  type SessionUser,
  type UserRoles,
} from './auth.schema'
import {
  clearSession,
  isUnauthorized,
  provider,
  providerErrorMessage,
  readToken,
  writeToken,
} from './session.server'

export type { ActionResult } from './auth.actions.server'

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
    const [me, roles] = await Promise.all([
      client.get('v2/auth/me').json<{ data: SessionUser; session: { remember: boolean } }>(),
      client.get('v2/user/roles').json<{ data: UserRoles }>(),
    ])
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
      await provider(undefined).post('v2/auth/password/reset/request', { json: data })
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
    try {
      const session = await provider(token)
        .patch('v2/auth/session', { json: { remember: data.keepSession } })
        .json<{ expires_at: string }>()
      writeToken(token, new Date(session.expires_at), data.keepSession)
      return { ok: true }
    } catch (error) {
      return { ok: false, error: providerErrorMessage(error) }
    }
  })
