import { AUTH_MESSAGES } from '~/features/auth/auth.schema'
import {
  changePassword,
  confirmPasswordReset,
  createPasswordReset,
  hitRateLimit,
  isRemembered,
  login,
  revokeToken,
  setTokenRemembered,
} from '~/features/auth/auth.server'
import { sendPasswordResetMail } from '~/features/auth/reset-mail.server'
import { clientIp } from '../lib/auth'
import { createRouter } from '../lib/create-router'
import { ApiError } from '../lib/errors'
import {
  changePasswordRoute,
  loginRoute,
  logoutRoute,
  meRoute,
  resetConfirmRoute,
  resetRequestRoute,
  sessionRoute,
} from './auth.routes'

/** Limits on reset e-mails (sign-in limits: auth.server's `login`). */
export const RESET_LIMIT_PER_IP = { hits: 10, windowSeconds: 60 * 60 }
export const RESET_LIMIT_PER_EMAIL = { hits: 3, windowSeconds: 60 * 60 }

export const authRouter = createRouter()
  .openapi(loginRoute, async (c) => {
    const { username, password, remember, device_token } = c.req.valid('json')
    const result = await login(c.var.db, {
      email: username,
      password,
      remember,
      ip: clientIp(c),
      device: device_token,
      userAgent: c.req.header('user-agent'),
    })
    if (!result.ok) {
      if (result.reason === 'throttled') {
        c.header('Retry-After', String(result.retryAfterSeconds))
        return c.json({ error: AUTH_MESSAGES.tooManyAttempts }, 429)
      }
      return c.json({ error: AUTH_MESSAGES.invalidCredentials }, 401)
    }
    return c.json(
      {
        token: result.token,
        token_type: 'Bearer' as const,
        expires_at: result.expiresAt.toISOString(),
        user: result.user,
        device_token: result.deviceToken,
      },
      200,
    )
  })
  .openapi(logoutRoute, async (c) => {
    await revokeToken(c.var.db, c.var.user.token_id)
    return c.json({ message: 'Sesión cerrada' }, 200)
  })
  .openapi(meRoute, async (c) => {
    const { id, name, surname, email, must_change_password, token_expires_at } = c.var.user
    return c.json(
      {
        data: { id, name, surname, email, must_change_password },
        session: { expires_at: token_expires_at.toISOString(), remember: isRemembered(token_expires_at) },
      },
      200,
    )
  })
  .openapi(sessionRoute, async (c) => {
    const { remember } = c.req.valid('json')
    const expiresAt = await setTokenRemembered(c.var.db, c.var.user.token_id, remember)
    return c.json({ expires_at: expiresAt.toISOString(), remember }, 200)
  })
  .openapi(changePasswordRoute, async (c) => {
    const outcome = await changePassword(c.var.db, c.var.user, c.req.valid('json'))
    if (outcome === 'wrong-current') throw new ApiError(400, AUTH_MESSAGES.wrongCurrentPassword)
    if (outcome === 'same-password') throw new ApiError(400, AUTH_MESSAGES.samePassword)
    return c.json({ message: AUTH_MESSAGES.passwordChanged }, 200)
  })
  .openapi(resetRequestRoute, async (c) => {
    const { email } = c.req.valid('json')
    const ip = clientIp(c)
    if (
      !(await hitRateLimit(
        c.var.db,
        `reset-ip:${ip}`,
        RESET_LIMIT_PER_IP.hits,
        RESET_LIMIT_PER_IP.windowSeconds,
      ))
    ) {
      console.warn(`[auth] demasiados pedidos de restablecimiento desde ${ip}`)
      return c.json({ error: 'Demasiados pedidos. Intente de nuevo más tarde.' }, 429)
    }
    // Per address the limit is silent: answering differently would tell which addresses exist.
    const key = `reset-email:${email.trim().toLowerCase()}`
    if (await hitRateLimit(c.var.db, key, RESET_LIMIT_PER_EMAIL.hits, RESET_LIMIT_PER_EMAIL.windowSeconds)) {
      const reset = await createPasswordReset(c.var.db, email, ip)
      if (reset) {
        try {
          await sendPasswordResetMail(reset.user, reset.token)
        } catch (error) {
          console.error('[correo] no se pudo enviar el correo de restablecimiento', error)
        }
      }
    } else {
      console.warn(`[auth] límite de correos de restablecimiento alcanzado para ${email}`)
    }
    return c.json({ message: AUTH_MESSAGES.resetRequested }, 200)
  })
  .openapi(resetConfirmRoute, async (c) => {
    const { token, new_password } = c.req.valid('json')
    if (!(await confirmPasswordReset(c.var.db, token, new_password))) {
      throw new ApiError(400, AUTH_MESSAGES.resetLinkInvalid)
    }
    return c.json({ message: AUTH_MESSAGES.passwordChanged }, 200)
  })
