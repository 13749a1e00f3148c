import type { Context } from 'hono'
import { keepInProcessAnswer } from '~/lib/in-process-answers.server'
import type { ApiEnv } from './types'

/**
 * A route's JSON answer to the UI's in-process client as the object the route built, not as text
 * to parse (decision 051). Over a socket an answer must be bytes; in process, writing a 50-row page
 * as JSON and reading it back (a body stream encoded and read, decoded, parsed) cost each Animales
 * render most of a millisecond, for nothing: the route's response schema still reads every answer
 * (decision 020).
 *
 * Opt-in per route, for answers whose object is what its JSON reads back as (text, numbers,
 * booleans, null: no Date, no undefined). The client checks that outside production, and the
 * route's test compares both readings.
 *
 * The body stays readable (written as JSON when something reads it), so the object is a shortcut,
 * never the only copy.
 */
const encoder = new TextEncoder()

/** A body that is JSON text when read, and costs nothing when not. */
function jsonWhenRead(value: unknown) {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(encoder.encode(JSON.stringify(value)))
        controller.close()
      },
    },
    // No chunk queued ahead: a stream pulls once on creation to fill its queue otherwise.
    { highWaterMark: 0 },
  )
}

/** Whether the host marked this request as the UI's own in-process call (never a header). */
export function isInProcess<E extends ApiEnv>(c: Context<E>) {
  return c.env?.inProcess === true
}

/**
 * `c.json(object, 200)` for the UI's in-process call, with the object kept beside the answer. Only
 * call it when `isInProcess(c)`; over a socket, answer as usual.
 */
export function inProcessJson<E extends ApiEnv>(c: Context<E>, object: unknown) {
  const response = c.newResponse(jsonWhenRead(object), 200, { 'Content-Type': 'application/json' })
  keepInProcessAnswer(response, object)
  return response
}
