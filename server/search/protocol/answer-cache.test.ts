import { describe, expect, it } from 'vitest'
import { answerTemplate, fillAnswer, paddedLengths, paddedTexts, type ResultTimes } from './answer-cache.ts'

/** The answer as JSON.stringify writes it, the per-answer fields moved last as the template does. */
function expected(results: Array<Record<string, unknown>>, times: ResultTimes[]) {
  return {
    results: results.map((result, i) => {
      const {
        params: _params,
        processingTimeMS: _p,
        serverTimeMS: _s,
        queryID: _q,
        ...rest
      } = result as Record<string, unknown> & ResultTimes
      const own: Record<string, unknown> = {}
      for (const field of ['params', 'processingTimeMS', 'serverTimeMS', 'queryID'] as const) {
        if (result[field] !== undefined) own[field] = times[i]![field]
      }
      return { ...rest, ...own }
    }),
  }
}

describe('answer templates', () => {
  const results: Array<Record<string, unknown>> = [
    {
      hits: [{ name: 'Köln Hbf 🚆', note: 'a "quote" \\ and \u2028' }],
      nbHits: 1,
      params: 'query=k%C3%B6ln&userToken=anonymous-1',
      processingTimeMS: 3,
      serverTimeMS: 4,
      queryID: 'a'.repeat(32),
    },
    { facetHits: [{ value: 'Baden-Württemberg', count: 2 }], processingTimeMS: 1 },
    { processingTimeMS: 0 },
    {},
    { hits: [], queryID: 'b'.repeat(32) },
    { name: '\ud800 lone, 𝄞 pair, ü' },
  ]

  /** Each result's own values as another visitor's answer has them. */
  const visitorsOwn = (): ResultTimes[] =>
    results.map((_, i) => ({
      params: `query=k%C3%B6ln&userToken=visitor-${i}`,
      processingTimeMS: i,
      serverTimeMS: 10 + i,
      queryID: String(i).repeat(32),
    }))

  it('writes each result with its own times and queryID into the kept bytes', async () => {
    const template = await answerTemplate(results)
    const times = visitorsOwn()
    const text = fillAnswer(template, times)
    expect(JSON.parse(text)).toEqual(expected(results, times))
    // The same key order every time: per-answer fields last, in one order.
    expect(text).toBe(JSON.stringify(expected(results, times)))
  })

  it('gives the answer as sent when filled with its own values', async () => {
    const template = await answerTemplate(results)
    const text = fillAnswer(template, results as ResultTimes[])
    expect(JSON.parse(text)).toEqual({ results })
  })

  it('writes own fields padded to the same length in every answer, or says they do not fit', async () => {
    const template = await answerTemplate(results)
    const lengths = paddedLengths(template)
    const short = paddedTexts(
      template,
      results.map(() => ({ params: 'a=1', processingTimeMS: 1, serverTimeMS: 2, queryID: 'f'.repeat(32) })),
    )!
    const long = paddedTexts(
      template,
      results.map(() => ({
        params: `query=k%C3%B6ln&userToken=${'x'.repeat(60)}`,
        processingTimeMS: 999999,
        serverTimeMS: 999999,
        queryID: 'f'.repeat(32),
      })),
    )!
    expect(short.map((text) => text.length)).toEqual(lengths)
    expect(long.map((text) => text.length)).toEqual(lengths)
    // Padded with spaces after each value: the JSON still reads the same values.
    expect(JSON.parse(`{${short[0]!.replace(/^,/, '')}}`)).toEqual({
      params: 'a=1',
      processingTimeMS: 1,
      serverTimeMS: 2,
      queryID: 'f'.repeat(32),
    })
    expect(
      paddedTexts(
        template,
        results.map(() => ({ serverTimeMS: 1_000_000 })),
      ),
    ).toBeUndefined()
    expect(
      paddedTexts(
        template,
        results.map(() => ({ params: 'x'.repeat(200) })),
      ),
    ).toBeUndefined()
    expect(
      paddedTexts(
        template,
        results.map(() => ({ params: 'ö' })),
      ),
    ).toBeUndefined()
  })

  it("writes the start of params every answer shares into the fixed JSON, and each answer's rest in its slot", async () => {
    const starts = ['query=k%C3%B6ln', undefined, undefined, undefined, undefined, 'x']
    const template = await answerTemplate(results, false, starts)
    // The start is in the fixed JSON before the first slot, the slot holds only the rest.
    expect(template.parts[0]).toMatch(/,"params":"query=k%C3%B6ln$/)
    const times = visitorsOwn()
    const text = fillAnswer(template, times)
    expect(text).toBe(JSON.stringify(expected(results, times)))
    const padded = paddedTexts(template, times)!
    expect(padded[0]).toMatch(/^&userToken=visitor-0" +,"processingTimeMS":0 +,/)
    expect(padded.map((own) => own.length)).toEqual(paddedLengths(template))
    let joined = template.parts[0]!
    padded.forEach((own, i) => {
      joined += own + template.parts[i + 1]!
    })
    expect(JSON.parse(joined)).toEqual(expected(results, times))
    // Room for a longer token than the first visitor's, as without a shared start.
    const longer = times.map((own) => ({ ...own, params: `query=k%C3%B6ln&userToken=${'v'.repeat(80)}` }))
    expect(paddedTexts(template, longer)?.map((own) => own.length)).toEqual(paddedLengths(template))
    // A start the result's params do not begin with is not shared (the whole params in the slot).
    const unshared = await answerTemplate(results, false, ['query=ulm'])
    expect(unshared.parts[0]).not.toMatch(/"params"/)
    expect(fillAnswer(unshared, times)).toBe(text)
    // An answer whose params lack the shared start cannot be written with the template.
    expect(() =>
      fillAnswer(
        template,
        times.map((own) => ({ ...own, params: 'query=ulm' })),
      ),
    ).toThrow(/start/)
  })

  it('keeps an empty answer', async () => {
    expect(fillAnswer(await answerTemplate([]), [])).toBe('{"results":[]}')
  })
})
