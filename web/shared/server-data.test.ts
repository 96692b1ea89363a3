import { describe, expect, it } from 'vitest'
import { serializeServerData } from './server-data.ts'

describe('serializeServerData', () => {
  const data = {
    config: { name: '</script><script>alert(1)</script>' },
    renderedAt: 1,
    preloaded: { 'station:1': { name: 'A & B <Hbf>', note: 'line\u2028separator\u2029end' } },
    content: {},
    search: null,
  }

  it('cannot close the script element it is written into, and reads back unchanged', () => {
    const text = serializeServerData(data)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(text)).toEqual(data)
  })
})
