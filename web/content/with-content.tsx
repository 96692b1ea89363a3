import type { ComponentType } from 'react'
import { Provider } from 'urql'
import { useConfig } from '../shared/config-context.tsx'
import { useRenderEnvironment } from '../shared/render-context.tsx'
import { contentClientFor } from './content-client.ts'
import './content.css'

/**
 * Wraps an entry point of the content chunks (a page, the start page's sections, a station page's
 * notices) in urql's Provider: the chunks load lazily, so the main bundle carries no GraphQL client.
 */
export function withContent<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function WithContent(props: Props) {
    const { content } = useConfig()
    const environment = useRenderEnvironment()
    return (
      <Provider value={contentClientFor(content, environment)}>
        <Component {...props} />
      </Provider>
    )
  }
  WithContent.displayName = `withContent(${Component.displayName ?? Component.name})`
  return WithContent
}
