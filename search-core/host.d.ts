// The host's globals the search core may use: web-platform APIs that Node and the browsers (page and
// worker) share. search-core/tsconfig.json checks the core against the language and these alone, so
// a use of anything else (the DOM, Node's Buffer or process) fails the type check.
declare global {
  interface TextEncoder {
    encode(input?: string): Uint8Array
    encodeInto(source: string, destination: Uint8Array): { read: number; written: number }
  }
  var TextEncoder: { new (): TextEncoder }
  interface TextDecoder {
    decode(input?: Uint8Array): string
  }
  var TextDecoder: { new (): TextDecoder }
  interface URLSearchParams extends Iterable<[string, string]> {
    append(name: string, value: string): void
    toString(): string
  }
  var URLSearchParams: { new (init?: string): URLSearchParams }
  var performance: { now(): number }
  var crypto: { getRandomValues<T extends Uint8Array>(array: T): T }
  function setTimeout(callback: () => void, ms?: number): unknown
  function btoa(data: string): string
  function atob(data: string): string
}

export {}
