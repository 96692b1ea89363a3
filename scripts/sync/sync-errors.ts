// Turns the official client's errors into one line an operator can act on.

interface ClientErrorShape {
  name?: unknown
  message?: unknown
  status?: unknown
}

export class SyncError extends Error {}

/** What to do when a side cannot be reached or refuses the key, as the command line knows it. */
export interface EndpointAdvice {
  unreachable?: string
  refused?: string
}

/** A readable message for an error thrown while talking to `side` ("source" or "target"). */
export function describeClientError(
  error: unknown,
  side: string,
  where: string,
  advice: EndpointAdvice = {},
): string {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as ClientErrorShape
  const message = typeof shape.message === 'string' ? shape.message : String(error)
  if (shape.name === 'RetryError') {
    return `cannot reach the ${side} (${where}): no host answered. ${advice.unreachable ?? 'Check the URL or --host and the network.'}`
  }
  if (shape.name === 'ApiError' && typeof shape.status === 'number') {
    if (shape.status === 401 || shape.status === 403) {
      return `the ${side} (${where}) refused the credentials (${shape.status}: ${message}). ${advice.refused ?? 'Check the application ID and use an admin key.'}`
    }
    return `the ${side} (${where}) answered ${shape.status}: ${message}`
  }
  return `${side} (${where}): ${message}`
}

/** Whether the client error is an HTTP 404 (e.g. a service without the rules endpoints). */
export function isNotFound(error: unknown): boolean {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as ClientErrorShape
  return shape.name === 'ApiError' && shape.status === 404
}
