// A problem in one content file, with the line an editor has to look at.
export class ContentError extends Error {
  override name = 'ContentError'
  readonly file: string
  readonly line: number

  constructor(file: string, line: number, message: string) {
    super(`${file}:${line}: ${message}`)
    this.file = file
    this.line = line
  }
}
