// A TED talks index shaped like the `algolia/datasets` export: settings as Algolia wrote them years
// ago (attributesToIndex, slaves, numericAttributesToIndex: null, version, master), records,
// synonyms of every type. Talks are real TED talks; view counts rounded.

export const TALKS_SETTINGS = {
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  hitsPerPage: 20,
  maxValuesPerFacet: 100,
  version: 1,
  attributesToIndex: ['unordered(name)', 'speakers', 'event_name', 'tags'],
  numericAttributesToIndex: null,
  attributesToRetrieve: null,
  allowTyposOnNumericTokens: true,
  ignorePlurals: false,
  advancedSyntax: false,
  removeStopWords: false,
  replaceSynonymsInHighlight: false,
  distinct: true,
  unretrievableAttributes: null,
  optionalWords: null,
  slaves: ['talks_date_asc', 'virtual(talks_viewed_count_desc)'],
  attributesForFaceting: ['date', 'duration_range', 'searchable(tags)', 'searchable(speakers)'],
  attributesToSnippet: ['speakers:15'],
  attributesToHighlight: null,
  paginationLimitedTo: 1000,
  attributeForDistinct: 'speakers',
  exactOnSingleWordQuery: 'word',
  ranking: ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
  customRanking: ['desc(date)'],
  separatorsToIndex: '',
  removeWordsIfNoResults: 'none',
  queryType: 'prefixLast',
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
  snippetEllipsisText: '',
  typoTolerance: 'true',
  alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
}

/** A replica's export names its primary as `master`. */
export const VIEWED_REPLICA_SETTINGS = {
  version: 1,
  master: 'talks',
  attributesToIndex: ['unordered(name)', 'speakers'],
  customRanking: ['desc(viewed_count)'],
}

export const TALKS = [
  talk(
    '1',
    'Do schools kill creativity?',
    'Ken Robinson',
    'TED2006',
    ['education', 'creativity'],
    2006,
    72000000,
  ),
  talk(
    '2',
    'Your body language may shape who you are',
    'Amy Cuddy',
    'TEDGlobal 2012',
    ['psychology', 'body language'],
    2012,
    61000000,
  ),
  talk(
    '3',
    'How great leaders inspire action',
    'Simon Sinek',
    'TEDxPuget Sound',
    ['leadership', 'business'],
    2009,
    54000000,
  ),
  talk(
    '4',
    'The power of vulnerability',
    'Brené Brown',
    'TEDxHouston',
    ['psychology', 'vulnerability'],
    2010,
    52000000,
  ),
  talk(
    '5',
    'Inside the mind of a master procrastinator',
    'Tim Urban',
    'TED2016',
    ['psychology', 'humor'],
    2016,
    64000000,
  ),
  talk(
    '6',
    'What makes a good life? Lessons from the longest study on happiness',
    'Robert Waldinger',
    'TEDxBeaconStreet',
    ['happiness', 'psychology'],
    2015,
    44000000,
  ),
  talk(
    '7',
    'The puzzle of motivation',
    'Dan Pink',
    'TEDGlobal 2009',
    ['business', 'motivation'],
    2009,
    28000000,
  ),
  talk(
    '8',
    'Grit: The power of passion and perseverance',
    'Angela Lee Duckworth',
    'TED Talks Education',
    ['education', 'motivation'],
    2013,
    29000000,
  ),
  talk(
    '9',
    'The happy secret to better work',
    'Shawn Achor',
    'TEDxBloomington',
    ['happiness', 'work'],
    2011,
    24000000,
  ),
  talk('10', 'Listening to shame', 'Brené Brown', 'TED2012', ['psychology', 'vulnerability'], 2012, 17000000),
  talk('11', 'The art of asking', 'Amanda Palmer', 'TED2013', ['music', 'creativity'], 2013, 14000000),
  talk(
    '12',
    'How to speak so that people want to listen',
    'Julian Treasure',
    'TEDGlobal 2013',
    ['communication', 'sound'],
    2013,
    49000000,
  ),
]

export const TALKS_SYNONYMS = [
  { objectID: 'syn-happy', type: 'synonym', synonyms: ['happiness', 'wellbeing'] },
  { objectID: 'oneway-boss', type: 'onewaysynonym', input: 'boss', synonyms: ['leaders'] },
  { objectID: 'alt1-shame', type: 'altcorrection1', word: 'shame', corrections: ['vulnerability'] },
  { objectID: 'alt2-shame', type: 'altCorrection2', word: 'shame', corrections: ['psychology'] },
  {
    objectID: 'placeholder-city',
    type: 'placeholder',
    placeholder: '<City>',
    replacements: ['houston', 'bloomington'],
  },
] as const

/** A record with a placeholder token: any of its replacements finds it. */
export const CITY_TALK = talk('13', 'Talk recorded in <City>', 'Jane Doe', 'TEDxCity', ['cities'], 2014, 1000)

function talk(
  objectID: string,
  name: string,
  speakers: string,
  event_name: string,
  tags: string[],
  year: number,
  viewed_count: number,
) {
  return {
    objectID,
    name,
    speakers,
    event_name,
    tags,
    date: Date.UTC(year, 1, 1) / 1000,
    duration_range: '10-20 min',
    viewed_count,
  }
}
