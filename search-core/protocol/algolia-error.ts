// Errors in Algolia's wire shape: `{ "message": "...", "status": 4xx }`. Messages copy Algolia's
// wording where clients or users are known to match on it. This is the one place where the
// engine's and the domain's errors get an HTTP status.
import { DomainError, type DomainErrorKind } from '../domain-error.ts'
import { EngineError } from '../engine/types.ts'
import { WorkAbandoned, WorkBudgetExceeded } from '../engine/work-budget.ts'

export class AlgoliaError extends Error {
  readonly status: number

  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export const invalidCredentials = (): AlgoliaError =>
  new AlgoliaError(403, 'Invalid Application-ID or API key')
export const methodNotAllowed = (): AlgoliaError =>
  new AlgoliaError(403, 'Method not allowed with this API key')
export const indexNotAllowed = (): AlgoliaError =>
  new AlgoliaError(403, 'Index not allowed with this API key')
export const indexNotFound = (): AlgoliaError => new AlgoliaError(404, 'Index does not exist')
export const objectNotFound = (): AlgoliaError => new AlgoliaError(404, 'ObjectID does not exist')
/** What Algolia answers for a path it has no route for. */
export const notFound = (request: { method: string; url: string }): AlgoliaError =>
  new AlgoliaError(404, `Cannot ${request.method} ${request.url.split('?')[0]}`)
export const badRequest = (message: string): AlgoliaError => new AlgoliaError(400, message)
export const unknownParameter = (name: string): AlgoliaError => badRequest(`Unknown parameter: ${name}`)
export const invalidValue = (name: string, expected: string): AlgoliaError =>
  badRequest(`Invalid value for "${name}" parameter, expected ${expected}`)

/** The error body every failing /1/ route answers with. */
export const errorSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, status: { type: 'integer' } },
  required: ['message', 'status'],
} as const

const STATUS_OF_KIND: Record<DomainErrorKind, number> = { invalid: 400, 'not-found': 404, unprocessable: 422 }

/** The wire error for an engine or domain error; undefined for anything else (a bug: a 500). */
export function toAlgoliaError(error: unknown): AlgoliaError | undefined {
  if (error instanceof AlgoliaError) return error
  // Every error the engine raises is about the request's parameters or settings.
  if (error instanceof EngineError || error instanceof WorkBudgetExceeded) return badRequest(error.message)
  // Nobody reads it: the client hung up (nginx's 499). Not a failure of ours, so no error is logged.
  if (error instanceof WorkAbandoned) return new AlgoliaError(499, 'The client closed the connection')
  if (error instanceof DomainError) return new AlgoliaError(STATUS_OF_KIND[error.kind], error.message)
  return undefined
}
