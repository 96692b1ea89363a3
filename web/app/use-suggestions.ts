import { useMemo } from 'react'
import { useMessages } from '../i18n/intl.tsx'
import { useConfig } from '../shared/config-context.tsx'
import type { SuggestSource } from '../ui/suggestions.ts'

/**
 * Suggestions for the start page's and the header's search field. The search client comes in a
 * lazy chunk, loaded when a field gets the focus, so that it adds nothing before the first paint.
 */
export function useSuggestions(): SuggestSource {
  const { search } = useConfig()
  const t = useMessages()
  return useMemo(() => {
    let loading: Promise<SuggestSource> | undefined
    const load = () => {
      loading ??= import('../search/query-suggestions.ts').then((module) =>
        module.suggestionSource(search, t),
      )
      // A failed chunk load is tried again on the next focus or key.
      loading.catch(() => {
        loading = undefined
      })
      return loading
    }
    return {
      prepare: () => void load(),
      suggest: async (query) => (await load()).suggest(query),
    }
  }, [search, t])
}
