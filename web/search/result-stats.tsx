import { Stats } from 'react-instantsearch'
import { formatNumber } from '../stations/facet-labels.ts'

function stationCount(nbHits: number): string {
  return `${formatNumber(nbHits)} ${nbHits === 1 ? 'Bahnhof' : 'Bahnhöfe'}`
}

/** "1.234 Bahnhöfe · 3 ms"; screen readers hear the count when the results change. */
export function ResultStats() {
  return (
    <Stats
      translations={{
        rootElementText: ({ nbHits, processingTimeMS }) =>
          `${stationCount(nbHits)} · Suchzeit ${formatNumber(processingTimeMS)} ms`,
        announcementText: ({ nbHits }) => `${stationCount(nbHits)} gefunden`,
      }}
    />
  )
}
