import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, createNonce, HSTS, withSecurityHeaders } from './security-headers'

const html = () =>
  new Response('<!doctype html>', { headers: { 'content-type': 'text/html; charset=utf-8' } })
const options = { nonce: 'abc', https: false, reportOnly: false }

describe('withSecurityHeaders', () => {
  it('gives a page the policy with its nonce and the other headers', () => {
    const headers = withSecurityHeaders(html(), options).headers
    expect(headers.get('content-security-policy')).toBe(contentSecurityPolicy('abc'))
    expect(headers.get('content-security-policy')).toContain("script-src 'nonce-abc' 'strict-dynamic'")
    expect(headers.get('x-content-type-options')).toBe('nosniff')
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(headers.get('permissions-policy')).toContain('geolocation=()')
    expect(headers.get('x-frame-options')).toBe('DENY')
    expect(headers.get('cache-control')).toBe('no-store')
    expect(headers.has('strict-transport-security')).toBe(false)
  })

  it('adds HSTS only when the app is served over https', () => {
    expect(
      withSecurityHeaders(html(), { ...options, https: true }).headers.get('strict-transport-security'),
    ).toBe(HSTS)
    expect(
      withSecurityHeaders(Response.json({}), { ...options, https: true }).headers.has(
        'strict-transport-security',
      ),
    ).toBe(true)
  })

  it('only reports in development, where Vite injects code without the nonce', () => {
    const headers = withSecurityHeaders(html(), { ...options, reportOnly: true }).headers
    expect(headers.has('content-security-policy')).toBe(false)
    expect(headers.get('content-security-policy-report-only')).toBe(contentSecurityPolicy('abc'))
  })

  it('keeps the policy off JSON answers and a handler’s own caching', () => {
    const json = withSecurityHeaders(Response.json({ data: 1 }), options).headers
    expect(json.has('content-security-policy')).toBe(false)
    expect(json.get('cache-control')).toBe('no-store')
    expect(json.get('x-content-type-options')).toBe('nosniff')
    const cached = new Response('x', { headers: { 'cache-control': 'private, max-age=3600' } })
    expect(withSecurityHeaders(cached, options).headers.get('cache-control')).toBe('private, max-age=3600')
  })

  it('copies a response whose headers cannot change (a redirect)', () => {
    const redirected = withSecurityHeaders(
      Response.redirect('http://localhost/management/login', 307),
      options,
    )
    expect(redirected.status).toBe(307)
    expect(redirected.headers.get('location')).toBe('http://localhost/management/login')
    expect(redirected.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('createNonce', () => {
  it('is new every time and long enough not to be guessed', () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })

  it('frames only the lesson video players and the origins allowed for external boards, never this one', () => {
    const videos = 'https://www.youtube-nocookie.com https://player.vimeo.com'
    const none = withSecurityHeaders(html(), options).headers.get('content-security-policy')
    expect(none).toContain(`frame-src ${videos};`)
    const allowed = withSecurityHeaders(html(), {
      ...options,
      frameOrigins: ['https://app.powerbi.com', 'https://lookerstudio.google.com'],
    }).headers.get('content-security-policy')
    expect(allowed).toContain(`frame-src ${videos} https://app.powerbi.com https://lookerstudio.google.com;`)
    expect(allowed).not.toMatch(/frame-src[^;]*'self'/)
    // One directive: a browser ignores a second frame-src.
    expect(allowed?.match(/frame-src/g)).toHaveLength(1)
  })
})
