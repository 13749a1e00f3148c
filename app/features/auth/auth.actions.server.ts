import type { z } from 'zod'
import { changePasswordRoute, loginRoute, logoutRoute, resetConfirmRoute } from '~/api/auth/auth.routes'
import type { ActionResult } from '~/lib/action-result'
import { providerAction } from '~/lib/provider-api.server'
import {
  AUTH_MESSAGES,
  type ChangePasswordValues,
  type loginSchema,
  type resetConfirmSchema,
  type SessionUser,
} from './auth.schema'
import {
  clearSession,
  provider,
  readDeviceToken,
  readToken,
  writeDeviceToken,
  writeToken,
} from './session.server'

/**
 * What the sign-in, sign-out and password forms do, shared by their server functions (the page with
 * its scripts) and their POST handlers (the same forms posted by the browser without them).
 */

export async function signIn(
  data: z.infer<typeof loginSchema> & { remember?: boolean },
): Promise<ActionResult & { user?: SessionUser }> {
  return providerAction(AUTH_MESSAGES.invalidCredentials, async () => {
    // The browser's known-device token (decision 015) lets an owner who signed in here before keep
    // signing in while an attacker is throttled on the same account.
    const response = await provider(undefined).call(loginRoute, {
      json: { ...data, device_token: readDeviceToken() },
    })
    writeToken(response.token, new Date(response.expires_at), data.remember ?? false)
    writeDeviceToken(response.device_token)
    return { ok: true as const, user: response.user }
  })
}

export async function signOut() {
  const token = readToken()
  clearSession()
  if (token) {
    // A failed revocation is only logged (spec section 8): the cookie is gone either way.
    await provider(token)
      .call(logoutRoute, {})
      .catch((error) => console.error('[auth] no se pudo revocar el token al cerrar sesión', error))
  }
}

export function changePassword(data: ChangePasswordValues): Promise<ActionResult> {
  return providerAction(AUTH_MESSAGES.passwordChangeFailed, async () => {
    const response = await provider().call(changePasswordRoute, { json: data })
    return { ok: true, message: response.message }
  })
}

export function confirmPasswordReset(data: z.infer<typeof resetConfirmSchema>): Promise<ActionResult> {
  return providerAction(AUTH_MESSAGES.resetLinkInvalid, async () => {
    const response = await provider(undefined).call(resetConfirmRoute, { json: data })
    clearSession()
    return { ok: true, message: response.message }
  })
}
