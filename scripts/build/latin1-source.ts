// A Vite plugin for the server's renderer: writes every character beyond Latin-1 in its code as a
// \u escape. V8 keeps the text of each module for the life of the process, at one byte per
// character, or at two for the whole module as soon as one character needs more: the renderer's
// "…", "–" and "„“" doubled what each serving process held of it.
import type { Plugin } from 'vite'

const BEYOND_LATIN1 = /[\u0100-\uffff]/g

/** The code with each UTF-16 unit beyond Latin-1 as `\uXXXX` (valid in strings, templates, regexps and comments). */
export function escapeBeyondLatin1(code: string): string {
  return code.replace(BEYOND_LATIN1, (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

export function latin1Source(): Plugin {
  return {
    name: 'latin1-source',
    // After minification: the minifier would write the escapes back as characters.
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk') chunk.code = escapeBeyondLatin1(chunk.code)
      }
    },
  }
}
