/**
 * The objects behind the provider's in-process JSON answers (decision 051): the API keeps a route's
 * object beside the `Response` it answers the UI's in-process client with
 * (`app/api/lib/in-process-answers.ts`), and the typed client (`provider-api.server.ts`) takes it
 * instead of parsing the body. Here, below both, so neither imports the other's layer.
 */
const objects = new WeakMap<Response, unknown>()

export function keepInProcessAnswer(response: Response, object: unknown) {
  objects.set(response, object)
}

/** The object an in-process answer was built from, if this response is one. */
export function inProcessAnswer(response: Response): { value: unknown } | undefined {
  return objects.has(response) ? { value: objects.get(response) } : undefined
}
