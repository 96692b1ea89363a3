// `fetch` for the search service's read routes that the pages call directly (a station by its
// objectID, station names, the stations nearby): when the network cannot carry the request, the
// device answers it from its snapshot, as offline-requester.ts does for the search client.
import type { AppConfig } from '../shared/config.ts'
import { answerable, deviceSearchPossible, type OfflineAnswer, type OfflineRequest } from './offline-paths.ts'
import { answeredByService } from './offline-state.ts'

/** The device's answer; its code is loaded on the first need (the page's bundle stays small). */
async function answerOnDevice(search: AppConfig['search'], request: OfflineRequest) {
  if (!deviceSearchPossible(search) || !answerable(request)) return undefined
  const device = await import('./device-search.ts').catch(() => undefined)
  return device?.answerOnDevice(search, request)
}

function asResponse(answer: OfflineAnswer): Response {
  return new Response(answer.content, {
    status: answer.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}

export function deviceFetch(search: AppConfig['search']): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input)
    const request = {
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      url,
      body: typeof init?.body === 'string' ? init.body : undefined,
    }
    if (navigator.onLine === false) {
      const answer = await answerOnDevice(search, request)
      if (answer) return asResponse(answer)
    }
    try {
      const response = await fetch(input, init)
      answeredByService()
      return response
    } catch (error) {
      // A page that gave up on the request (navigated away) wants no answer.
      if (init?.signal?.aborted) throw error
      const answer = await answerOnDevice(search, request)
      if (answer) return asResponse(answer)
      throw error
    }
  }
}
