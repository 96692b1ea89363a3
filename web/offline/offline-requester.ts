// The search client's requester with the device behind it: a request the network cannot carry (the
// browser is offline, or the request failed or timed out) is answered from the device's snapshot by
// the server's own code, in the wire format the client expects, so InstantSearch and the pages
// need no change. Back online, the next request goes to the service again.
import { createXhrRequester } from '@algolia/requester-browser-xhr'
import type { liteClient } from 'algoliasearch/lite'
import type { AppConfig } from '../shared/config.ts'
import { answerable, deviceSearchPossible } from './offline-paths.ts'
import { answeredByService } from './offline-state.ts'
import { rememberAnswer, rememberedAnswer } from './remembered-answers.ts'

type Requester = NonNullable<NonNullable<Parameters<typeof liteClient>[2]>['requester']>
type EndRequest = Parameters<Requester['send']>[0]
type Response = Awaited<ReturnType<Requester['send']>>

function deviceRequest(request: EndRequest) {
  return {
    method: request.method,
    url: request.url,
    body: typeof request.data === 'string' ? request.data : undefined,
  }
}

async function fromDevice(search: AppConfig['search'], request: EndRequest): Promise<Response | undefined> {
  const asked = deviceRequest(request)
  // The device's code is loaded on the first need: the search page's bundle stays as it was.
  const device = answerable(asked) ? await import('./device-search.ts').catch(() => undefined) : undefined
  const answer = await device?.answerOnDevice(search, asked)
  if (answer) return { status: answer.status, content: answer.content, isTimedOut: false }
  // What the device cannot compute (recommendations) it may have seen before.
  const remembered = rememberedAnswer(deviceRequest(request))
  return remembered === undefined ? undefined : { status: 200, content: remembered, isTimedOut: false }
}

/**
 * The browser's requester (XHR, with the client's timeouts) with the device as the fallback;
 * undefined where the device cannot answer (Algolia's hosts, no workers or Cache Storage, Node):
 * the client then keeps its own.
 */
export function offlineRequester(search: AppConfig['search'], base?: Requester): Requester | undefined {
  if (!deviceSearchPossible(search)) return undefined
  const network = base ?? createXhrRequester()
  return {
    async send(request) {
      if (navigator.onLine === false) {
        const answer = await fromDevice(search, request)
        if (answer) return answer
      }
      const response = await network.send(request)
      // Status 0: no answer at all (no network, a timeout, a refused connection).
      if (response.status === 0) return (await fromDevice(search, request)) ?? response
      answeredByService()
      if (response.status === 200) rememberAnswer(deviceRequest(request), response.content)
      return response
    },
  }
}
