// Search relevance for travellers: a judged set of queries a traveller types (cities, "hbf",
// abbreviations, nicknames, typos, umlauts, airports, districts, states, English words), each with the
// station that should come first or within the first three (and, for a state, every one of the
// first three in it), run through the real server. The counts are printed at the end
// (docs/stations.md, "Judged queries").
import { afterAll, describe, expect } from 'vitest'
import { it } from './fixture.ts'

interface Judged {
  query: string
  expected: string
  /** 1: must come first; 3: must be among the first three. */
  within: 1 | 3
  kind: string
  /** A Bundesland every one of the first three hits lies in. */
  state?: string
}

const first = (query: string, expected: string, kind: string): Judged => ({
  query,
  expected,
  within: 1,
  kind,
})
const top3 = (query: string, expected: string, kind: string): Judged => ({ query, expected, within: 3, kind })
/** A state in the query means its stations: the expected one within the first three, all of them in the state. */
const inState = (query: string, expected: string, state: string): Judged => ({
  query,
  expected,
  within: 3,
  kind: 'state',
  state,
})

const JUDGED: Judged[] = [
  // Cities: the main station first.
  first('berlin', 'Berlin Hauptbahnhof', 'city'),
  first('hamburg', 'Hamburg Hbf', 'city'),
  first('münchen', 'München Hbf', 'city'),
  first('köln', 'Köln Hbf', 'city'),
  first('frankfurt', 'Frankfurt (Main) Hbf', 'city'),
  first('stuttgart', 'Stuttgart Hbf', 'city'),
  first('düsseldorf', 'Düsseldorf Hbf', 'city'),
  first('leipzig', 'Leipzig Hbf', 'city'),
  first('dresden', 'Dresden Hbf', 'city'),
  first('hannover', 'Hannover Hbf', 'city'),
  first('nürnberg', 'Nürnberg Hbf', 'city'),
  first('bremen', 'Bremen Hbf', 'city'),
  first('kiel', 'Kiel Hbf', 'city'),
  first('freiburg', 'Freiburg (Breisgau) Hbf', 'city'),
  first('mainz', 'Mainz Hbf', 'city'),
  first('essen', 'Essen Hbf', 'city'),
  first('dortmund', 'Dortmund Hbf', 'city'),
  first('bonn', 'Bonn Hbf', 'city'),
  first('karlsruhe', 'Karlsruhe Hbf', 'city'),
  first('potsdam', 'Potsdam Hbf', 'city'),
  first('halle', 'Halle (Saale) Hbf', 'city'),
  top3('kassel', 'Kassel Hbf', 'city with two main stations'),
  first('frankfurt oder', 'Frankfurt (Oder)', 'city'),
  // Typed letter by letter.
  first('berl', 'Berlin Hauptbahnhof', 'prefix'),
  first('hamb', 'Hamburg Hbf', 'prefix'),
  first('münch', 'München Hbf', 'prefix'),
  first('frankf', 'Frankfurt (Main) Hbf', 'prefix'),
  // Main stations.
  top3('', 'Frankfurt (Main) Hbf', 'empty query'),
  top3('hbf', 'Frankfurt (Main) Hbf', 'hbf alone'),
  first('hamburg hbf', 'Hamburg Hbf', 'hbf'),
  first('berlin hbf', 'Berlin Hauptbahnhof', 'hbf'),
  first('münchen hauptbahnhof', 'München Hbf', 'hauptbahnhof'),
  first('hbf köln', 'Köln Hbf', 'hbf first'),
  // Abbreviations and nicknames.
  first('ffm', 'Frankfurt (Main) Hbf', 'nickname'),
  first('ffm hbf', 'Frankfurt (Main) Hbf', 'nickname'),
  // A query rule: "BER" typed alone is the airport's code; "berl" and "berlin" still mean the city.
  first('BER', 'Flughafen BER - Terminal 1-2', 'airport'),
  first('flughafen ber', 'Flughafen BER - Terminal 1-2', 'airport'),
  first('flughafen berlin', 'Flughafen BER - Terminal 1-2', 'airport'),
  first('berlin flughafen', 'Flughafen BER - Terminal 1-2', 'airport'),
  first('Bahnhof Zoo', 'Berlin Zoologischer Garten', 'nickname'),
  first('zoo', 'Berlin Zoologischer Garten', 'nickname'),
  first('zoo berlin', 'Berlin Zoologischer Garten', 'nickname'),
  first('hh', 'Hamburg Hbf', 'licence plate'),
  first('hh altona', 'Hamburg-Altona', 'licence plate'),
  first('ka', 'Karlsruhe Hbf', 'licence plate'),
  first('muc', 'Flughafen München', 'airport code'),
  first('alex', 'Alexanderplatz', 'nickname'),
  top3('ostbahnhof', 'Berlin Ostbahnhof', 'nickname'),
  first('münchen ostbahnhof', 'München Ost', 'nickname'),
  first('berlin ost', 'Berlin Ostbahnhof', 'nickname'),
  first('sankt peter ording', 'Bad St Peter-Ording', 'abbreviation'),
  first('munich', 'München Hbf', 'english'),
  first('cologne', 'Köln Hbf', 'english'),
  first('nuremberg', 'Nürnberg Hbf', 'english'),
  first('hanover', 'Hannover Hbf', 'english'),
  first('berlin central station', 'Berlin Hauptbahnhof', 'english'),
  first('cologne central station', 'Köln Hbf', 'english'),
  first('munich main station', 'München Hbf', 'english'),
  first('hamburg main station', 'Hamburg Hbf', 'english'),
  first('munich airport', 'Flughafen München', 'english'),
  first('cologne airport', 'Köln/Bonn Flughafen', 'english'),
  first('brunswick', 'Braunschweig Hbf', 'english'),
  first('hamelin', 'Hameln', 'english'),
  first('constance', 'Konstanz', 'english'),
  first('berlin main train station', 'Berlin Hauptbahnhof', 'english'),
  first('munich central railway station', 'München Hbf', 'english'),
  first('berlin central', 'Berlin Hauptbahnhof', 'english'),
  top3('central', 'Frankfurt (Main) Hbf', 'english'),
  first('munich east', 'München Ost', 'english'),
  first('berlin east station', 'Berlin Ostbahnhof', 'english'),
  first('frankfurt south', 'Frankfurt (Main) Süd', 'english'),
  first('berlin airport', 'Flughafen BER - Terminal 1-2', 'english'),
  top3('frankfurt airport', 'Frankfurt am Main Flughafen Fernbahnhof', 'english'),
  first('hanover airport', 'Hannover-Flughafen', 'english'),
  first('dusseldorf airport', 'Düsseldorf Flughafen', 'english'),
  first('airport bavaria', 'Flughafen München', 'english'),
  // "Main" alone is the river, as in "Frankfurt (Main)"; only "main station" means a main station.
  first('frankfurt main', 'Frankfurt (Main) Hbf', 'english, not the river'),
  first('frankfurt main station', 'Frankfurt (Main) Hbf', 'english, not the river'),
  first('offenbach main station', 'Offenbach (Main) Hbf', 'english, not the river'),
  top3('frankfurt main airport', 'Frankfurt am Main Flughafen Fernbahnhof', 'english, not the river'),
  // On the way to "main station": the city's stations, not Frankfurt (Main)'s.
  first('munich main', 'München Hbf', 'english, typed letter by letter'),
  first('berlin main', 'Berlin Hauptbahnhof', 'english, typed letter by letter'),
  inState('bavaria', 'München Hbf', 'Bayern'),
  inState('north rhine-westphalia', 'Köln Hbf', 'Nordrhein-Westfalen'),
  inState('central station north rhine-westphalia', 'Köln Hbf', 'Nordrhein-Westfalen'),
  inState('lower saxony', 'Hannover Hbf', 'Niedersachsen'),
  inState('saxony', 'Leipzig Hbf', 'Sachsen'),
  inState('saxony-anhalt', 'Halle (Saale) Hbf', 'Sachsen-Anhalt'),
  inState('hesse', 'Frankfurt (Main) Hbf', 'Hessen'),
  inState('thuringia', 'Erfurt Hbf', 'Thüringen'),
  inState('rhineland-palatinate', 'Mainz Hbf', 'Rheinland-Pfalz'),
  inState('mecklenburg-western pomerania', 'Rostock Hbf', 'Mecklenburg-Vorpommern'),
  inState('central station bavaria', 'München Hbf', 'Bayern'),
  // English keyboards have no "ü": the German name as they type it.
  inState('baden-wurttemberg', 'Stuttgart Hbf', 'Baden-Württemberg'),
  inState('saarland central station', 'Saarbrücken Hbf', 'Saarland'),
  // Typos and spellings.
  first('keil', 'Kiel Hbf', 'transposition'),
  first('frankfrut', 'Frankfurt (Main) Hbf', 'transposition'),
  first('hambrug', 'Hamburg Hbf', 'transposition'),
  first('lepizig', 'Leipzig Hbf', 'transposition'),
  first('stutgart', 'Stuttgart Hbf', 'missing letter'),
  first('brmen', 'Bremen Hbf', 'missing letter'),
  first('munchen', 'München Hbf', 'umlaut'),
  first('muenchen', 'München Hbf', 'umlaut'),
  first('koeln', 'Köln Hbf', 'umlaut'),
  first('dusseldorf', 'Düsseldorf Hbf', 'umlaut'),
  first('nuernberg hbf', 'Nürnberg Hbf', 'umlaut'),
  first('friedrichstrasse', 'Berlin-Friedrichstraße', 'ß'),
  // Places.
  top3('flughafen frankfurt', 'Frankfurt am Main Flughafen Fernbahnhof', 'airport'),
  top3('frankfurt flughafen', 'Frankfurt am Main Flughafen Fernbahnhof', 'airport'),
  first('flughafen münchen', 'Flughafen München', 'airport'),
  first('düsseldorf flughafen', 'Düsseldorf Flughafen', 'airport'),
  first('hamburg airport', 'Hamburg Airport (Flughafen)', 'airport'),
  first('köln flughafen', 'Köln/Bonn Flughafen', 'airport'),
  first('köln messe', 'Köln Messe/Deutz', 'district'),
  first('köln deutz', 'Köln Messe/Deutz', 'district'),
  first('wilhelmshöhe', 'Kassel-Wilhelmshöhe', 'district'),
  first('altona', 'Hamburg-Altona', 'district'),
  first('südkreuz', 'Berlin Südkreuz', 'district'),
  first('berlin spandau', 'Berlin-Spandau', 'district'),
  first('friedrichstraße', 'Berlin-Friedrichstraße', 'district'),
  // The bigger station among equal matches: the main station before the city's small stops, a
  // district's station before a village whose name begins with it, the city's Hbf before
  // another city's district.
  first('solingen', 'Solingen Hbf', 'bigger station'),
  first('deutz', 'Köln Messe/Deutz', 'bigger station'),
  first('mülheim', 'Mülheim (Ruhr) Hbf', 'bigger station'),
  // How travellers abbreviate: "Bhf"/"Bf" before a place, "Hauptbf", and cities' shorthands.
  first('Bhf Zoo', 'Berlin Zoologischer Garten', 'abbreviation'),
  first('Bf Zoo', 'Berlin Zoologischer Garten', 'abbreviation'),
  first('Bhf Friedrichstraße', 'Berlin-Friedrichstraße', 'abbreviation'),
  first('bahnhof friedrichstraße', 'Berlin-Friedrichstraße', 'abbreviation'),
  first('köln hauptbf', 'Köln Hbf', 'abbreviation'),
  first('Lpz', 'Leipzig Hbf', 'city shorthand'),
  first('lpz hbf', 'Leipzig Hbf', 'city shorthand'),
  first('Mchn', 'München Hbf', 'city shorthand'),
  first('Dd', 'Dresden Hbf', 'city shorthand'),
  first('stgt', 'Stuttgart Hbf', 'city shorthand'),
  first('bln', 'Berlin Hauptbahnhof', 'city shorthand'),
  first('hbg', 'Hamburg Hbf', 'city shorthand'),
  first('nbg', 'Nürnberg Hbf', 'city shorthand'),
  // A RIL100 code that is neither a state nor a shorthand still finds its station.
  first('KSO', 'Solingen Hbf', 'RIL100 code'),
  top3('bhf', 'Berlin Ostbahnhof', 'RIL100 code'),
  // A state, alone or beside other words, means its stations.
  inState('nrw', 'Köln Hbf', 'Nordrhein-Westfalen'),
  inState('Bayern', 'München Hbf', 'Bayern'),
  inState('hbf nrw', 'Köln Hbf', 'Nordrhein-Westfalen'),
  inState('nrw hbf', 'Köln Hbf', 'Nordrhein-Westfalen'),
  inState('ice bayern', 'München Hbf', 'Bayern'),
  inState('hbf bawü', 'Stuttgart Hbf', 'Baden-Württemberg'),
  inState('Sachsen-Anhalt', 'Halle (Saale) Hbf', 'Sachsen-Anhalt'),
  inState('sachsen', 'Leipzig Hbf', 'Sachsen'),
  { ...first('köln nrw', 'Köln Hbf', 'state'), state: 'Nordrhein-Westfalen' },
  // … but a city-state's name, and Brandenburg, mean the city.
  first('berlin flughafen', 'Flughafen BER - Terminal 1-2', 'city, not state'),
  first('brandenburg', 'Brandenburg Hbf', 'city, not state'),
  first('sachsen ansbach', 'Sachsen (b Ansbach)', 'station named like a state'),
]

/** Position of the expected station per query (-1: not in the first three). */
const positions = new Map<Judged, number>()

afterAll(() => {
  const all = [...positions.values()]
  const firstCount = all.filter((p) => p === 0).length
  const top3Count = all.filter((p) => p >= 0 && p < 3).length
  console.log(
    `station relevance: ${all.length} judged queries, expected station first in ${firstCount}, ` +
      `within the first three in ${top3Count}`,
  )
})

describe('the station a traveller most likely wants comes first', () => {
  it.for(JUDGED)('$kind: "$query" → $expected', async (judged, { server }) => {
    const result = await server.search({ query: judged.query, hitsPerPage: 3 })
    const names = result.hits.map((hit) => hit.name)
    positions.set(judged, names.indexOf(judged.expected))
    if (judged.within === 1) expect(names[0]).toBe(judged.expected)
    else expect(names).toContain(judged.expected)
    if (judged.state)
      expect(result.hits.map((hit) => hit.federalState)).toEqual([judged.state, judged.state, judged.state])
  })
})
