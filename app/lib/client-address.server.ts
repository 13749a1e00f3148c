import { getEnv } from './env.server'
import { resolveClientAddress } from './trusted-proxies'

/** What srvx's Node adapter hands the app: the Node request behind the web Request. */
type NodeBackedRequest = Request & {
  ip?: string
  runtime?: { node?: { req?: { socket?: { remoteAddress?: string } } } }
}

/**
 * The address of the client that sent `request` to this server, as far as the trusted proxies
 * (TRUSTED_PROXIES) let us know it; undefined for a request that did not come over a socket.
 * The peer is read from the socket itself, not from srvx's `ip`, so the one rule in
 * `resolveClientAddress` decides what the headers may add.
 */
export function clientAddressOf(request: Request): string | undefined {
  const node = request as NodeBackedRequest
  const peer = node.runtime?.node?.req?.socket?.remoteAddress ?? node.ip
  return resolveClientAddress(peer, request.headers.get('x-forwarded-for'), getEnv().TRUSTED_PROXIES)
}
