import { describe, expect, it } from 'vitest'
import { LocateError, locate } from './locate.ts'

type Callbacks = [PositionCallback, PositionErrorCallback | null | undefined, PositionOptions | undefined]

/** A geolocation API that answers the way a browser would, and records the options it got. */
function fakeGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  const calls: PositionOptions[] = []
  const geolocation = {
    getCurrentPosition: (...[success, failure, options]: Callbacks) => {
      calls.push(options ?? {})
      answer(success, failure!)
    },
  } as unknown as Geolocation
  return { geolocation, calls }
}

function failWith(code: number) {
  return fakeGeolocation((_, failure) => failure({ code } as GeolocationPositionError))
}

describe('locate', () => {
  it('asks for a position within 10 seconds and answers with a coarse one', async () => {
    const { geolocation, calls } = fakeGeolocation((success) =>
      success({ coords: { latitude: 50.942_789, longitude: 6.958_349 } } as GeolocationPosition),
    )
    await expect(locate(geolocation)).resolves.toEqual({ lat: 50.943, lng: 6.958 })
    expect(calls[0]?.timeout).toBe(10_000)
  })

  it('says in German that the permission is missing', async () => {
    const failure = locate(failWith(1).geolocation)
    await expect(failure).rejects.toBeInstanceOf(LocateError)
    await expect(failure).rejects.toMatchObject({ reason: 'denied', message: /nicht freigegeben/ })
  })

  it('says that no position came within 10 seconds', async () => {
    await expect(locate(failWith(3).geolocation)).rejects.toMatchObject({
      reason: 'timeout',
      message: /nicht innerhalb von 10 Sekunden/,
    })
  })

  it('says when the position cannot be determined or the browser has no geolocation', async () => {
    await expect(locate(failWith(2).geolocation)).rejects.toMatchObject({ reason: 'unavailable' })
    await expect(locate(undefined)).rejects.toMatchObject({ reason: 'unsupported', message: /Browser/ })
  })
})

describe('the position the search is given', () => {
  it('is rounded to three decimals, about 100 m', async () => {
    const { geolocation } = fakeGeolocation((success) =>
      success({ coords: { latitude: 52.525_592, longitude: 13.369_545 } } as GeolocationPosition),
    )
    await expect(locate(geolocation)).resolves.toEqual({ lat: 52.526, lng: 13.37 })
  })
})
