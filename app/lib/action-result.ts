/**
 * Outcome of a form action or a write: the UI shows `error` in its toast (spec section 8). Client
 * safe: components and server functions alike import it from here.
 */
export type ActionResult = { ok: true; message?: string } | { ok: false; error: string }

/** The failure half of an action's result. */
export type ActionFailure = Extract<ActionResult, { ok: false }>
