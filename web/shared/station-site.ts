// A station's facts beyond its record, as GET /station-facts/:id answers them and as the committed
// facts file (server/stations/station-facts.ts) holds them: one declaration for the server that
// writes them and the station page that reads them.

/** One track (Gleis) at its platform (Bahnsteig), as DB's platform data of March 2020 has it. */
export interface Track {
  /** The track's name as signposted: "1", "5a", "101". */
  track: string
  /** The platform's name within the station ("B01"); its id in db-platforms is `${station}:${platform}`. */
  platform: string
  /** The platform's length in metres. */
  length: number
  /** The platform edge's height above the rail in centimetres (76, 55, 38, 96 …). */
  height: number
}

/** A lift (DB FaSta, 2020): where it goes, where it stands, and its OpenStreetMap node when known. */
export interface Lift {
  /** DB's equipment number (FaSta). */
  id: string
  /** "zu Gleis 2/3"; null where DB gives none. */
  description: string | null
  position: { lat: number; lng: number } | null
  /** The OpenStreetMap node of the lift (ODbL), when the package associated one. */
  osmNode: string | null
}

/** A local stop db-hafas-stations links to the station: a bus stop, a tram or U-Bahn stop. */
export interface LocalStop<Mode extends string = string> {
  /** Its HAFAS id. */
  id: string
  name: string
  /** What serves it, by the names of the Züge filter ("Bus", "Straßenbahn", "U-Bahn" …). */
  modes: Mode[]
  position: { lat: number; lng: number }
}

/** A source package, its version, what of it is kept, its licence and the date of its data. */
export interface FactsSource {
  package: string
  version: string
  /** The date of the data ("2020-03", "2020"), where the package says it; null where it does not. */
  stand: string | null
  licence: string
  kept: string
}

/** GET /station-facts/:id: a station's tracks, lifts and linked stops, each list with its source. */
export interface StationSite {
  objectID: string
  tracks: Track[]
  lifts: Lift[]
  stops: LocalStop[]
  sources: { tracks: FactsSource; lifts: FactsSource; stops: FactsSource }
}
