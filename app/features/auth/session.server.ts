import {
  deleteCookie,
  getCookie,
  getRequest,
  getRequestHeader,
  setCookie,
} from '@tanstack/react-start/server'
import { meRoute } from '~/api/auth/auth.routes'
import { clientAddressOf } from '~/lib/client-address.server'
import { getEnv } from '~/lib/env.server'
import { providerClient, sameRequestAuthFor } from '~/lib/provider.server'
import { type ProviderApi, providerApi } from '~/lib/provider-api.server'

/**
 * The BFF session: the provider's bearer token lives only in an httpOnly cookie that server
 * functions read; the browser's JavaScript never sees it.
 */
export const TOKEN_COOKIE = 'insights_token'
export const ESTABLISHMENT_COOKIE = 'insights_establishment'
/**
 * The browser's device token (decision 015): set at each successful sign-in and kept across
 * sign-outs, so the sign-in limits tell the owner's usual browser apart from anonymous attempts.
 */
export const DEVICE_COOKIE = 'insights_device'
const DEVICE_COOKIE_DAYS = 365

function cookieOptions(expires?: Date) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: getEnv().APP_URL.startsWith('https:'),
    path: '/',
    ...(expires ? { expires } : {}),
  }
}

export function readToken() {
  return getCookie(TOKEN_COOKIE) || undefined
}

export function writeToken(token: string, expiresAt: Date, persistent: boolean) {
  // A session cookie unless the user asked to keep the session: closing the browser then signs out.
  setCookie(TOKEN_COOKIE, token, cookieOptions(persistent ? expiresAt : undefined))
}

export function readDeviceToken() {
  return getCookie(DEVICE_COOKIE) || undefined
}

export function writeDeviceToken(token: string) {
  setCookie(DEVICE_COOKIE, token, cookieOptions(new Date(Date.now() + DEVICE_COOKIE_DAYS * 86_400_000)))
}

export function readEstablishmentId() {
  const value = Number(getCookie(ESTABLISHMENT_COOKIE))
  return Number.isInteger(value) && value > 0 ? value : undefined
}

export function writeEstablishmentId(establishmentId: number) {
  setCookie(
    ESTABLISHMENT_COOKIE,
    String(establishmentId),
    cookieOptions(new Date(Date.now() + 365 * 86_400_000)),
  )
}

export function clearSession() {
  deleteCookie(TOKEN_COOKIE, { path: '/' })
  deleteCookie(ESTABLISHMENT_COOKIE, { path: '/' })
}

/**
 * The provider's ky seam for this request: the user's token, the browser's address for rate limits
 * (from this request's socket and the trusted proxies, never from a header the browser wrote) and
 * its user agent. Only forwards that hand a body through untouched take it raw; everything else
 * goes through `provider()`.
 */
export function providerHttp(token = readToken()) {
  const userAgent = getRequestHeader('user-agent')
  const request = getRequest()
  return providerClient(token, clientAddressOf(request), {
    headers: userAgent ? { 'user-agent': userAgent } : {},
    sameRequestAuth: sameRequestAuthFor(request),
  })
}

/** The typed provider client for this request (decision 020), over `providerHttp`. */
export function provider(token = readToken()) {
  return providerApi(providerHttp(token))
}

/**
 * Whether the provider still accepts `token` (a cookie can outlive its token). Local endpoints ask
 * before they read a request body, so an anonymous request never gets its body buffered.
 */
export async function isTokenAccepted(api: ProviderApi) {
  const response = await api.send(meRoute, {})
  if (response.status === 401) return false
  if (!response.ok) throw new Error(`No se pudo verificar la sesión (${response.status})`)
  return true
}
