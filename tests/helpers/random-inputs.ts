// Random inputs for the engine's tests, the same on every run: a seeded generator and texts over
// the characters that make tokenizing hard.

/** A generator of numbers in [0, 1), the same sequence for the same seed (a linear congruence). */
export function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}

/** A random text over letters, umlauts, marks, astral letters and symbols, lone surrogates, separators. */
export function randomText(random: () => number): string {
  const pieces = [
    'a',
    'Z',
    '7',
    'ü',
    'ß',
    'É',
    '\u0301',
    ' ',
    '-',
    '#',
    '+',
    '.',
    '𝔸',
    '😀',
    '\ud800',
    '\udc00',
    'ж',
    '中',
    '\t',
    '’',
  ]
  let text = ''
  const length = Math.floor(random() * 24)
  for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)]
  return text
}
