import { afterEach, describe, expect, it } from 'vitest'
import { clientAddressOf } from './client-address.server'
import { resetEnvCache } from './env.server'

const saved = { ...process.env }
afterEach(() => {
  process.env = { ...saved }
  resetEnvCache()
})

/** A request as srvx's Node adapter hands it to the app: the socket is behind `runtime.node.req`. */
function fromSocket(remoteAddress: string, forwardedFor?: string) {
  const request = new Request('http://insights.test/', {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  })
  return Object.assign(request, { runtime: { node: { req: { socket: { remoteAddress } } } } })
}

describe('the address of the client behind a request', () => {
  it('is the socket peer, not a header the client wrote, without trusted proxies', () => {
    delete process.env.TRUSTED_PROXIES
    resetEnvCache()
    expect(clientAddressOf(fromSocket('::ffff:198.51.100.4', '203.0.113.9'))).toBe('198.51.100.4')
  })

  it('is what the trusted proxy forwarded when the peer is one', () => {
    process.env.TRUSTED_PROXIES = '10.0.0.0/8'
    resetEnvCache()
    expect(clientAddressOf(fromSocket('10.0.0.2', '203.0.113.9'))).toBe('203.0.113.9')
    expect(clientAddressOf(fromSocket('198.51.100.4', '203.0.113.9'))).toBe('198.51.100.4')
  })

  it('is unknown for a request that did not come over a socket', () => {
    expect(clientAddressOf(new Request('http://insights.test/'))).toBeUndefined()
  })
})
