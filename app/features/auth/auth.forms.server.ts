import { limitBodyStream } from 'srvx/body-limit'
import { changePassword, confirmPasswordReset, signIn, signOut } from './auth.actions.server'
import {
  type AuthMessageKey,
  authMessageKey,
  changePasswordFormSchema,
  loginSchema,
  resetConfirmFormSchema,
} from './auth.schema'
import { safeRedirect } from './safe-redirect'

/**
 * The sign-in and password forms posted by the browser itself: before the page's scripts have
 * loaded (a slow phone, a click during hydration) or with scripts off. Each form is a POST to its
 * page's address, handled here, answered with a 303 to the next page (post/redirect/get). The
 * outcome travels in the address as a message key (`?error=invalidCredentials`); what the user typed
 * never does (decision 014).
 */

const PAGES = {
  login: '/management/login',
  profile: '/management/configuration/user-profile',
  reset: '/management/reset-password',
} as const

/** A few form fields are a few hundred bytes: a larger body is not read. */
const MAX_FORM_BYTES = 8 * 1024

async function formFields(request: Request): Promise<Record<string, string>> {
  if (!request.body) return {}
  const type = request.headers.get('content-type') ?? ''
  try {
    const form = await new Response(limitBodyStream(request.body, MAX_FORM_BYTES), {
      headers: { 'content-type': type },
    }).formData()
    const fields: Record<string, string> = {}
    for (const [name, value] of form) if (typeof value === 'string') fields[name] = value
    return fields
  } catch {
    return {}
  }
}

function seeOther(path: string, params: Record<string, string | undefined> = {}) {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value)
  const query = search.toString()
  return new Response(null, { status: 303, headers: { location: query ? `${path}?${query}` : path } })
}

/** POST /management/login: signs in and goes where the login page would have gone. */
export async function postLoginForm(request: Request) {
  const redirect = new URL(request.url).searchParams.get('redirect') ?? undefined
  const back = (error: AuthMessageKey) => seeOther(PAGES.login, { error, redirect })
  const parsed = loginSchema.safeParse(await formFields(request))
  // Spec: a failed sign-in says only 'Usuario o contraseña inválida', whatever was wrong.
  if (!parsed.success) return back('invalidCredentials')
  const result = await signIn(parsed.data)
  if (!result.ok) return back(authMessageKey(result.error, 'invalidCredentials'))
  // Users who must change their password land where they can do it.
  return seeOther(result.user?.must_change_password === 1 ? PAGES.profile : safeRedirect(redirect))
}

/**
 * POST /management/configuration/user-profile: changes the password. With scripts the page signs
 * the user out 3 seconds after saying so (spec section 4); here the user is signed out at once and
 * the login page says the password was changed.
 */
export async function postChangePasswordForm(request: Request) {
  const back = (error: AuthMessageKey) => seeOther(PAGES.profile, { error })
  const parsed = changePasswordFormSchema.safeParse(await formFields(request))
  if (!parsed.success) {
    return back(authMessageKey(parsed.error.issues[0]?.message ?? '', 'passwordChangeFailed'))
  }
  const { current_password, new_password } = parsed.data
  const result = await changePassword({ current_password, new_password })
  if (!result.ok) return back(authMessageKey(result.error, 'passwordChangeFailed'))
  await signOut()
  return seeOther(PAGES.login, { notice: 'passwordChanged' })
}

/**
 * POST /management/reset-password: sets the new password of an e-mailed link. On a failure the page
 * comes back at the link's own address (the token was already in it) with the reason.
 */
export async function postResetPasswordForm(request: Request) {
  const fields = await formFields(request)
  const parsed = resetConfirmFormSchema.safeParse(fields)
  const back = (error: AuthMessageKey) => seeOther(PAGES.reset, { token: fields.token, error })
  if (!parsed.success) return back(authMessageKey(parsed.error.issues[0]?.message ?? '', 'resetLinkInvalid'))
  const result = await confirmPasswordReset({
    token: parsed.data.token,
    new_password: parsed.data.new_password,
  })
  if (!result.ok) return back(authMessageKey(result.error, 'resetLinkInvalid'))
  return seeOther(PAGES.login, { notice: 'passwordChanged' })
}
