// What the operator scripts (npm run export:contentful, sync:algolia) share on their command line.

/** `--help` or `-h` before a `--`: print the usage and exit 0, whatever else is on the line. */
export function wantsHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--')
  return (end === -1 ? args : args.slice(0, end)).some((arg) => arg === '--help' || arg === '-h')
}
