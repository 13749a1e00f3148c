import {
  deleteCookie,
  getCookie,
  getRequest,
  getRequestHeader,
  setCookie,
} from '@tanstack/react-start/server'
import { HTTPError, type KyInstance } from 'ky'
import { clientAddressOf } from '~/lib/client-address.server'
import { getEnv } from '~/lib/env.server'
import { providerClient } from '~/lib/provider.server'

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
 * The provider client for this request: the user's token, and the browser's address for rate limits
 * (from this request's socket and the trusted proxies, never from a header the browser wrote).
 */
export function provider(token = readToken()) {
  const userAgent = getRequestHeader('user-agent')
  return providerClient(token, clientAddressOf(getRequest())).extend({
    headers: userAgent ? { 'user-agent': userAgent } : {},
  })
}

/**
 * Whether the provider still accepts `token` (a cookie can outlive its token). Local endpoints ask
 * before they read a request body, so an anonymous request never gets its body buffered.
 */
export async function isTokenAccepted(client: KyInstance) {
  const response = await client.get('v2/auth/me', { throwHttpErrors: false })
  if (response.status === 401) return false
  if (!response.ok) throw new Error(`No se pudo verificar la sesión (${response.status})`)
  return true
}

/** The `{ error }` message of a provider failure, for toasts (spec section 7). */
export function providerErrorMessage(error: unknown, fallback = 'Error desconocido') {
  if (error instanceof HTTPError) {
    const data = error.data as { error?: unknown } | string | undefined
    if (data && typeof data === 'object' && typeof data.error === 'string') return data.error
  }
  return fallback
}

/**
 * A provider read of a GET server function. A failure is rethrown as the provider's `{ error }` or
 * `fallback` (Spanish): a server function's error message reaches the browser, and ky's own names
 * the provider's URL.
 */
export async function providerRead<T>(fallback: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw new Error(providerErrorMessage(error, fallback))
  }
}

/** Like `providerRead`, but a 404 answers null: an id or a tag that names nothing. */
export async function providerFind<T>(fallback: string, read: () => Promise<T>): Promise<T | null> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null
    throw new Error(providerErrorMessage(error, fallback))
  }
}

export function isUnauthorized(error: unknown) {
  return error instanceof HTTPError && error.response.status === 401
}
