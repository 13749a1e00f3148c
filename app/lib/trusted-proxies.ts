import { BlockList, isIP } from 'node:net'

/**
 * Which hops in front of the app may say who the client is (decision 015). The client writes
 * X-Forwarded-For itself, so only the entries our own proxies appended can be believed: with no
 * trusted proxy the client is the socket's peer, whatever the headers say.
 *
 * - `{ hops: n }`: n proxies stand in front of the app; the client is the address the outermost
 *   of them saw (n = 0: the socket's peer).
 * - `{ ranges }`: the peer and each X-Forwarded-For entry, from the right, are skipped while they
 *   lie in one of the ranges; the first address outside them is the client.
 */
export type TrustedProxies =
  | { kind: 'hops'; hops: number }
  | { kind: 'ranges'; ranges: BlockList; text: string }

export const NO_TRUSTED_PROXIES: TrustedProxies = { kind: 'hops', hops: 0 }

export const TRUSTED_PROXIES_ERROR =
  'TRUSTED_PROXIES debe ser una cantidad de proxies (por ejemplo 1) o una lista de direcciones o rangos CIDR ' +
  'separados por comas (por ejemplo 10.0.0.0/8,192.168.1.10)'

/** An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as dual-stack sockets report it) as IPv4. */
export function normalizeAddress(address: string) {
  const trimmed = address.trim()
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed)
  return (mapped?.[1] ?? trimmed).toLowerCase()
}

/** Parses the setting; undefined when the text is not a valid hop count or range list. */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | undefined {
  const text = value?.trim() ?? ''
  if (text === '') return NO_TRUSTED_PROXIES
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return hops <= 32 ? { kind: 'hops', hops } : undefined
  }
  const ranges = new BlockList()
  for (const entry of text.split(',')) {
    const [rawAddress, prefix, ...rest] = entry.trim().split('/')
    const address = normalizeAddress(rawAddress ?? '')
    const family = isIP(address)
    if (family === 0 || rest.length > 0) return undefined
    const type = family === 4 ? 'ipv4' : 'ipv6'
    const max = family === 4 ? 32 : 128
    if (prefix === undefined) {
      ranges.addAddress(address, type)
      continue
    }
    if (!/^\d+$/.test(prefix) || Number(prefix) > max) return undefined
    ranges.addSubnet(address, Number(prefix), type)
  }
  return { kind: 'ranges', ranges, text }
}

function isTrusted(ranges: BlockList, address: string) {
  const family = isIP(address)
  return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The client's address from the socket's peer and the X-Forwarded-For header, believing only what
 * the trusted proxies wrote. Undefined when the peer is unknown (not a socket, e.g. an in-process call).
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string | undefined {
  if (!peer) return undefined
  const socket = normalizeAddress(peer)
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((hop) => normalizeAddress(hop))
      .filter(Boolean),
    socket,
  ]
  let client: string | undefined
  if (trusted.kind === 'hops') {
    client = chain[Math.max(0, chain.length - 1 - trusted.hops)]
  } else {
    let index = chain.length - 1
    while (index > 0 && isTrusted(trusted.ranges, chain[index] as string)) index--
    client = chain[index]
  }
  // A hop that is not an address was not written by a proxy of ours (or one is misconfigured):
  // never key a limit on text the client chose.
  return client && isIP(client) !== 0 ? client : socket
}

/**
 * The bucket a per-address limit counts in: the address itself for IPv4, its /64 for IPv6 (one
 * subscriber usually holds a whole /64, so single IPv6 addresses cost an attacker nothing).
 */
export function addressBucket(address: string) {
  if (isIP(address) !== 6) return address
  const [head = '', tail = ''] = address.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`
}
