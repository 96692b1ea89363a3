import type { Translate } from '../i18n/intl.tsx'

/** The tab's title of /suche for the address's query ("„köln“ – Bahnhofssuche – Bahnhofsfinder"). */
export function searchTitle(t: Translate, search: string): string {
  const q = new URLSearchParams(search).get('q')?.trim()
  return q ? t('search.pageTitleQuery', { query: q }) : t('search.pageTitle')
}
