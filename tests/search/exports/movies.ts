// The movies index of the `algolia/datasets` repository: MOVIES_SETTINGS is its `movies/settings.json`
// verbatim, an export from before the Synonyms API (`synonyms` as a setting, `separatorsToIndex: "&"`,
// `attributesToIndex`, `version`). Records are real films with rounded scores.

export const MOVIES_SETTINGS = {
  minWordSizefor1Typo: 3,
  minWordSizefor2Typos: 7,
  hitsPerPage: 20,
  maxValuesPerFacet: 10,
  version: 1,
  attributesToIndex: ['unordered(title)', 'unordered(actors)', 'unordered(year)'],
  numericAttributesToIndex: null,
  attributesToRetrieve: null,
  allowTyposOnNumericTokens: true,
  ignorePlurals: false,
  advancedSyntax: false,
  removeStopWords: false,
  replaceSynonymsInHighlight: true,
  distinct: false,
  unretrievableAttributes: null,
  optionalWords: ['the'],
  attributesForFaceting: ['genre', 'rating', 'year', 'actor_facets'],
  attributesToSnippet: null,
  attributesToHighlight: null,
  paginationLimitedTo: 1000,
  attributeForDistinct: null,
  exactOnSingleWordQuery: 'attribute',
  synonyms: [['&', 'and']],
  ranking: ['proximity', 'attribute', 'typo', 'geo', 'words', 'filters', 'exact', 'custom'],
  customRanking: ['desc(score)', 'desc(year)'],
  separatorsToIndex: '&',
  removeWordsIfNoResults: 'none',
  queryType: 'prefixAll',
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
  snippetEllipsisText: '',
  typoTolerance: 'min',
  alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
}

export const MOVIES = [
  movie('1', 'Fast & Furious', ['Vin Diesel', 'Paul Walker'], 2009, 6.5, ['Action']),
  movie('2', 'Pride and Prejudice', ['Keira Knightley', 'Matthew Macfadyen'], 2005, 7.8, ['Drama']),
  movie('3', 'Romeo + Juliet', ['Leonardo DiCaprio', 'Claire Danes'], 1996, 6.7, ['Drama']),
  movie('4', 'Sense and Sensibility', ['Emma Thompson', 'Kate Winslet'], 1995, 7.7, ['Drama']),
  movie('5', 'Furious 7', ['Vin Diesel', 'Paul Walker'], 2015, 7.1, ['Action']),
]

function movie(
  objectID: string,
  title: string,
  actors: string[],
  year: number,
  score: number,
  genre: string[],
) {
  return {
    objectID,
    title,
    alternative_titles: [],
    year,
    image: '',
    color: '',
    score,
    rating: 4,
    actors,
    actor_facets: actors,
    genre,
  }
}
