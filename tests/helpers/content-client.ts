// The browser's content client as the app makes it (contentClientFor), a new one per call: a new
// visit, with urql's own cache empty (the app keeps one client per configuration). With `handoff`,
// the page was rendered by the server, which handed its answers over.
import type { Client } from '@urql/core'
import { contentClientFor } from '../../web/content/content-client.ts'
import type { AppConfig } from '../../web/shared/config.ts'
import { browserEnvironment } from '../../web/shared/render-context.tsx'

export function browserContentClient(
  config: AppConfig['content'],
  handoff?: { state: Record<string, unknown>; renderedAt: Date },
): Client {
  const serverData = handoff && {
    config: null,
    renderedAt: handoff.renderedAt.getTime(),
    preloaded: {},
    content: handoff.state,
    search: undefined,
  }
  return contentClientFor({ ...config }, browserEnvironment(serverData))
}
