import type { z } from 'zod'
import {
  AUTH_MESSAGES,
  type ChangePasswordValues,
  type LoginResponse,
  type loginSchema,
  type resetConfirmSchema,
  type SessionUser,
} from './auth.schema'
import {
  clearSession,
  provider,
  providerErrorMessage,
  readDeviceToken,
  readToken,
  writeDeviceToken,
  writeToken,
} from './session.server'

/**
 * What the sign-in, sign-out and password forms do, shared by their server functions (the page with
 * its scripts) and their POST handlers (the same forms posted by the browser without them).
 */

/** Outcome of a form action: the UI shows `error` in its toast (spec section 8). */
export type ActionResult = { ok: true; message?: string } | { ok: false; error: string }

export async function signIn(
  data: z.infer<typeof loginSchema> & { remember?: boolean },
): Promise<ActionResult & { user?: SessionUser }> {
  try {
    // The browser's known-device token (decision 015) lets an owner who signed in here before keep
    // signing in while an attacker is throttled on the same account.
    const response = await provider(undefined)
      .post('v2/auth/login', { json: { ...data, device_token: readDeviceToken() } })
      .json<LoginResponse>()
    writeToken(response.token, new Date(response.expires_at), data.remember ?? false)
    writeDeviceToken(response.device_token)
    return { ok: true, user: response.user }
  } catch (error) {
    return { ok: false, error: providerErrorMessage(error, AUTH_MESSAGES.invalidCredentials) }
  }
}

export async function signOut() {
  const token = readToken()
  clearSession()
  if (token) {
    // A failed revocation is only logged (spec section 8): the cookie is gone either way.
    await provider(token)
      .post('v2/auth/logout')
      .catch((error) => console.error('[auth] no se pudo revocar el token al cerrar sesión', error))
  }
}

export async function changePassword(data: ChangePasswordValues): Promise<ActionResult> {
  try {
    const response = await provider()
      .post('v2/auth/password/change', { json: data })
      .json<{ message: string }>()
    return { ok: true, message: response.message }
  } catch (error) {
    return { ok: false, error: providerErrorMessage(error, AUTH_MESSAGES.passwordChangeFailed) }
  }
}

export async function confirmPasswordReset(data: z.infer<typeof resetConfirmSchema>): Promise<ActionResult> {
  try {
    const response = await provider(undefined)
      .post('v2/auth/password/reset/confirm', { json: data })
      .json<{ message: string }>()
    clearSession()
    return { ok: true, message: response.message }
  } catch (error) {
    return { ok: false, error: providerErrorMessage(error, AUTH_MESSAGES.resetLinkInvalid) }
  }
}
