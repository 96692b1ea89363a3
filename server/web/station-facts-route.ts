// GET /station-facts/:id: what the station page shows beyond the station's record (its tracks and
// platforms, lifts and linked local stops) with the date and licence of each source. Read from the
// committed derived file (server/stations/station-facts.ts), not from the search index: the records
// hold only what a filter needs, so the offline copy and the index's memory stay small
// (docs/stations.md#station-facts). Served by this server whichever search backend the app uses.
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyPluginAsync, RawServerDefault } from 'fastify'
import type { FactsSource, StationSite } from '../../web/shared/station-site.ts'
import { readStationFacts, stationFactsOf } from '../stations/station-facts.ts'

/** The source of each list, by the package it comes from. */
const SOURCE_OF = { tracks: 'db-platforms', lifts: 'db-elevators', stops: 'db-hafas-stations' } as const

/** The facts change with a deployment only: an hour in the browser's cache spares repeated visits. */
const CACHE_CONTROL = 'public, max-age=3600'

/** An EVA number: digits only. */
const STATION_ID = /^[0-9]{1,12}$/

function sources(all: readonly FactsSource[]): StationSite['sources'] {
  const of = (name: string) => {
    const source = all.find((entry) => entry.package === name)
    if (!source) throw new Error(`station-facts.json names no source ${name}`)
    return source
  }
  return { tracks: of(SOURCE_OF.tracks), lifts: of(SOURCE_OF.lifts), stops: of(SOURCE_OF.stops) }
}

/** The page facts of one station, or undefined when the file has no such station. */
function stationPageFacts(id: string): StationSite | undefined {
  const facts = stationFactsOf(id)
  if (!facts) return undefined
  const file = readStationFacts()
  return {
    objectID: id,
    tracks: facts.tracks ?? [],
    lifts: facts.lifts ?? [],
    stops: facts.stops ?? [],
    sources: sources(file.sources),
  }
}

const params = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
} as const

const stationFactsRoute: FastifyPluginAsync<object, RawServerDefault, JsonSchemaToTsProvider> = async (
  app,
) => {
  app.get('/station-facts/:id', { schema: { params } }, async (request, reply) => {
    const { id } = request.params
    if (!STATION_ID.test(id)) {
      return reply
        .code(400)
        .send({ message: 'A station is named by its EVA number, digits only', status: 400 })
    }
    const facts = stationPageFacts(id)
    if (!facts) return reply.code(404).send({ message: 'Station does not exist', status: 404 })
    reply.header('cache-control', CACHE_CONTROL)
    return facts
  })
}

export default stationFactsRoute
