import { describe, expect, it } from 'vitest'
import {
  addressBucket,
  parseTrustedProxies,
  resolveClientAddress,
  type TrustedProxies,
} from './trusted-proxies'

function trust(value: string): TrustedProxies {
  const parsed = parseTrustedProxies(value)
  if (!parsed) throw new Error(`inválido: ${value}`)
  return parsed
}

describe('client address behind trusted proxies', () => {
  it('is the socket peer when no proxy is trusted, whatever the client writes', () => {
    expect(resolveClientAddress('192.0.2.1', '203.0.113.9, 198.51.100.1', trust(''))).toBe('192.0.2.1')
    expect(resolveClientAddress('::ffff:192.0.2.1', '203.0.113.9', trust('0'))).toBe('192.0.2.1')
  })

  it('counts hops from the right with a hop count', () => {
    // client -> proxy 1 (appends the client) -> proxy 2 (appends proxy 1) -> app
    const chain = 'forged.by.client, 203.0.113.9, 10.0.0.5'
    expect(resolveClientAddress('10.0.0.6', chain, trust('1'))).toBe('10.0.0.5')
    expect(resolveClientAddress('10.0.0.6', chain, trust('2'))).toBe('203.0.113.9')
    // Fewer hops than configured: the leftmost that is an address, never the client's free text.
    expect(resolveClientAddress('10.0.0.6', 'forged.by.client', trust('3'))).toBe('10.0.0.6')
    expect(resolveClientAddress('10.0.0.6', null, trust('1'))).toBe('10.0.0.6')
  })

  it('skips trusted ranges from the right with a range list', () => {
    const ranges = trust('10.0.0.0/8, 2001:db8::/32')
    expect(resolveClientAddress('10.1.2.3', '198.51.100.7, 203.0.113.9, 10.0.0.5', ranges)).toBe(
      '203.0.113.9',
    )
    expect(resolveClientAddress('2001:db8::1', '203.0.113.9', ranges)).toBe('203.0.113.9')
    // An untrusted peer's header is not believed.
    expect(resolveClientAddress('192.0.2.50', '203.0.113.9', ranges)).toBe('192.0.2.50')
    // All trusted: the leftmost.
    expect(resolveClientAddress('10.1.2.3', '10.0.0.9', ranges)).toBe('10.0.0.9')
  })

  it('has no address without a socket', () => {
    expect(resolveClientAddress(undefined, '203.0.113.9', trust('1'))).toBeUndefined()
  })

  it('rejects settings that are neither a count nor addresses', () => {
    for (const bad of ['uno', '10.0.0.0/40', '::1/129', '10.0.0.1,', '10.0.0.1/8/2', '99']) {
      expect(parseTrustedProxies(bad), bad).toBeUndefined()
    }
    expect(parseTrustedProxies('192.168.1.10')?.kind).toBe('ranges')
  })

  it('buckets IPv6 clients by their /64 and IPv4 by address', () => {
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9')
  })
})
