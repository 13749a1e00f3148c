/** The part of autocannon 9's API the HTTP bench uses (the package ships no types; @types lags). */
declare module 'autocannon' {
  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p2_5: number
    p50: number
    p97_5: number
    p99: number
  }
  export interface RawRequest {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
  }
  export interface Request extends RawRequest {
    setupRequest?: (request: RawRequest, context: Record<string, unknown>) => RawRequest | undefined
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    maxOverallRequests?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: Request[]
  }
  export interface Result {
    requests: Histogram & { sent: number }
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }
  export interface Instance extends PromiseLike<Result> {
    stop: () => void
  }
  function autocannon(options: Options): Instance
  export default autocannon
}
