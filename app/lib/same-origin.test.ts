import { describe, expect, it } from 'vitest'
import { API_BASE_PATH } from '~/api/app'
import { needsSameOriginCheck, PROVIDER_API_PATH } from './same-origin'

const request = (method: string, path: string) => new Request(`http://localhost${path}`, { method })

describe('needsSameOriginCheck', () => {
  it('names where the provider API is mounted', () => {
    expect(PROVIDER_API_PATH).toBe(API_BASE_PATH)
  })

  it('checks every state-changing request to a local endpoint', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(needsSameOriginCheck(request(method, '/api/establishmentId'))).toBe(true)
      expect(needsSameOriginCheck(request(method, '/api/bulk-upload/weighings'))).toBe(true)
      expect(needsSameOriginCheck(request(method, '/_serverFn/abc'))).toBe(true)
      expect(needsSameOriginCheck(request(method, '/management/login'))).toBe(true)
      // A look-alike of the API's path is a local endpoint.
      expect(needsSameOriginCheck(request(method, '/app-insights/apix'))).toBe(true)
    }
  })

  it('leaves page loads and the provider API (bearer token, no cookie) alone', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      expect(needsSameOriginCheck(request(method, '/api/establishmentId'))).toBe(false)
    }
    expect(needsSameOriginCheck(request('POST', '/app-insights/api/v2/auth/login'))).toBe(false)
    expect(needsSameOriginCheck(request('DELETE', '/app-insights/api/v2/animals/1'))).toBe(false)
  })
})
