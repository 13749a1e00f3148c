/**
 * Spec section 8: what is logged when the provider's answer is not of the shape its route declares
 * (first said of the event lists' rows; the typed provider client says it of every answer).
 * Client safe, so the event-list adapter and the server's client share the words.
 */
export const ANSWER_NOT_RECOGNIZED_LOG = 'Data format not recognized in adapter'
