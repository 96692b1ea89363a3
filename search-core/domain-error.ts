// The search service's domain modules (service, keys, insights) say what went wrong in their own
// terms; only the protocol layer turns a kind into an HTTP status (protocol/algolia-error.ts).

export type DomainErrorKind =
  /** The request cannot be applied as asked (a replica written to, a bad built-in operation). */
  | 'invalid'
  /** What the request names does not exist (an index). */
  | 'not-found'
  /** Well-formed, but its content breaks a rule (an insights event older than allowed). */
  | 'unprocessable'

export class DomainError extends Error {
  readonly kind: DomainErrorKind

  constructor(kind: DomainErrorKind, message: string) {
    super(message)
    this.kind = kind
  }
}

export const indexDoesNotExist = (): DomainError => new DomainError('not-found', 'Index does not exist')
