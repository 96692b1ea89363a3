import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { SplicedAnswers } from './spliced-answers.ts'

describe('Accept-Encoding', () => {
  /** The coding a kept answer goes out in for this header (the highest q; on a tie br, gzip, zstd). */
  const chosen = (header: string | undefined) =>
    new SplicedAnswers().answer(
      {},
      ['{"a":', '}'],
      () => [1],
      () => ['1'],
      header,
    )?.coding

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['zstd', 'zstd'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['gzip;q=0, br;q=0, *', 'zstd'],
    ['*;q=0.3, br;q=0.2', 'gzip'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['GZIP, Br', 'br'],
    ['ZSTD', 'zstd'],
    ['x-gzip', 'gzip'],
    ['zstd;q=2, br;q=x', 'zstd'],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(chosen(header)).toBe(expected)
  })
})

describe('kept answers compressed from pieces', () => {
  const texts = ['{"results":[{"hits":[{"name":"Köln Hbf"}],"nbHits":1', '}]}']
  const slot = ',"queryID":"0123456789abcdef0123456789abcdef"'
  const decode: Record<string, (bytes: Buffer) => Buffer> = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    zstd: zstdDecompressSync,
  }

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, zstd', 'gzip'],
    ['zstd', 'zstd'],
    ['br;q=0.1, zstd;q=0.5, gzip;q=0.4', 'zstd'],
    ['*', 'br'],
  ])('for %s go out as %s', (header, coding) => {
    const answer = new SplicedAnswers().answer(
      {},
      texts,
      () => [slot.length],
      () => [slot],
      header,
    )
    expect(answer?.coding).toBe(coding)
    const decoded = decode[coding]!(answer!.body).toString()
    // Brotli writes two spaces after each slot (JSON's whitespace).
    expect(decoded.replace(/ {2}\}/, '}')).toBe(`${texts[0]}${slot}${texts[1]}`)
  })

  it("follow each request's own header, whatever the one before asked", () => {
    const spliced = new SplicedAnswers()
    const key = {}
    const asked = (header: string | string[] | undefined) =>
      spliced.answer(
        key,
        texts,
        () => [slot.length],
        () => [slot],
        header,
      )?.coding
    const headers: Array<[string | string[] | undefined, string | undefined]> = [
      ['gzip', 'gzip'],
      ['gzip', 'gzip'],
      [['zstd', 'gzip;q=0.5'], 'zstd'],
      [undefined, undefined],
      ['br', 'br'],
      [undefined, undefined],
      [['identity'], undefined],
      ['br', 'br'],
      ['gzip', 'gzip'],
    ]
    for (const [header, coding] of headers) expect(asked(header)).toBe(coding)
  })

  it('are not compressed for a client that takes none of the three, nor when own values do not fit', () => {
    const spliced = new SplicedAnswers()
    let asked = 0
    const own = () => {
      asked++
      return [slot]
    }
    for (const header of ['identity', 'deflate', undefined, 'br;q=0, gzip;q=0, zstd;q=0']) {
      expect(spliced.answer({}, texts, () => [slot.length], own, header)).toBeUndefined()
    }
    // The own values are not even written out for such a client.
    expect(asked).toBe(0)
    // A value wider than its slot: the answer goes out as JSON, compressed per answer.
    expect(
      spliced.answer(
        {},
        texts,
        () => [slot.length],
        () => undefined,
        'br',
      ),
    ).toBeUndefined()
  })

  it("go out in the client's next choice where the preferred coding's pieces cannot be made", () => {
    // A slot too long for one uncompressed brotli meta-block or one stored deflate block.
    const own = `,"params":"${'x'.repeat(70_000)}"`
    const spliced = new SplicedAnswers()
    const key = {}
    let asked = 0
    const slots = () => {
      asked++
      return [own.length]
    }
    for (let round = 0; round < 2; round++) {
      const answer = spliced.answer(key, texts, slots, () => [own], 'br, gzip, zstd')
      expect(answer?.coding).toBe('zstd')
      expect(zstdDecompressSync(answer!.body).toString()).toBe(`${texts[0]}${own}${texts[1]}`)
    }
    // Pieces are made (or found impossible) once per coding: brotli, gzip and zstd in the first round.
    expect(asked).toBe(3)
    expect(spliced.answer(key, texts, slots, () => [own], 'br, gzip')).toBeUndefined()
    expect(asked).toBe(3)
  })
})
