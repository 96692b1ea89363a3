/** The tab's title of /suche for the address's query ("„köln“ – Bahnhofssuche – Bahnhofsfinder"). */
export function searchTitle(search: string): string {
  const q = new URLSearchParams(search).get('q')?.trim()
  return q ? `„${q}“ – Bahnhofssuche – Bahnhofsfinder` : 'Bahnhofssuche – Bahnhofsfinder'
}
