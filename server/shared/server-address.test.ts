import { describe, expect, it } from 'vitest'
import { localServerUrl, unreachableFromInternet } from './server-address.ts'

describe('the server address for the operator scripts', () => {
  it('reaches a server listening everywhere on loopback, and puts IPv6 addresses in brackets', () => {
    expect(localServerUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000')
    expect(localServerUrl('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080')
    expect(localServerUrl('::', 8080)).toBe('http://[::1]:8080')
    expect(localServerUrl('::1', 3000)).toBe('http://[::1]:3000')
    expect(localServerUrl('fd00::7', 3000)).toBe('http://[fd00::7]:3000')
    expect(localServerUrl('bahnhofsfinder.internal', 3000)).toBe('http://bahnhofsfinder.internal:3000')
    // Every one of them is a URL the official client and fetch accept.
    for (const host of ['0.0.0.0', '::', '::1', 'fd00::7'])
      expect(() => new URL(localServerUrl(host, 1))).not.toThrow()
  })

  it('names loopback, private and unspecified hosts as unreachable from the internet', () => {
    const why = (url: string) => unreachableFromInternet(new URL(url))
    expect(why('http://127.0.0.1:3000/content/assets/')).toBe('a loopback address')
    expect(why('http://[::1]:3000/')).toBe('a loopback address')
    expect(why('http://localhost:3000/')).toBe('a loopback address')
    expect(why('http://0.0.0.0:3000/')).toMatch(/no address/)
    expect(why('http://192.168.1.20/')).toBe('a private network address')
    expect(why('http://10.0.0.5/')).toBe('a private network address')
    expect(why('http://[fd12::1]/')).toBe('a private network address')
    expect(why('http://bahnhof.local/')).toBe('a local network name')
    expect(why('https://bahnhofsfinder.example.org/content/assets/')).toBeUndefined()
    expect(why('http://203.0.113.9/')).toBeUndefined()
    expect(why('http://[2001:db8::1]/')).toBeUndefined()
  })
})
