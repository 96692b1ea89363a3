// The products index of the `algolia/datasets` repository's `ecommerce-federated` demo as Algolia's
// dashboard exports it (`products_configuration.json`: settings, rules, synonyms): settings
// verbatim; its one rule verbatim but for fewer banner items; records shaped like its products.

export const PRODUCTS_SETTINGS = {
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  hitsPerPage: 20,
  maxValuesPerFacet: 100,
  searchableAttributes: [
    'unordered(name)',
    'unordered(brand)',
    'unordered(list_categories)',
    'unordered(color.original_name)',
    'unordered(product_type)',
    'unordered(gender)',
    'unordered(available_sizes)',
    'unordered(description)',
    'unordered(sku)',
  ],
  numericAttributesToIndex: null,
  attributesToRetrieve: null,
  ignorePlurals: ['en'],
  advancedSyntax: true,
  unretrievableAttributes: null,
  optionalWords: null,
  queryLanguages: ['en'],
  attributesForFaceting: [
    'available_sizes',
    'searchable(brand)',
    'searchable(category_page_id)',
    'searchable(color.filter_group)',
    'color.original_name',
    'gender',
    'searchable(hierarchical_categories)',
    'searchable(hierarchical_categories.lvl0)',
    'searchable(hierarchical_categories.lvl1)',
    'searchable(hierarchical_categories.lvl2)',
    'searchable(list_categories)',
    'price.on_sales',
    'price.value',
    'product_type',
    'reviews.rating',
  ],
  attributesToSnippet: ['description:10'],
  attributesToHighlight: ['brand', 'list_categories', 'name'],
  paginationLimitedTo: 1000,
  attributeForDistinct: null,
  exactOnSingleWordQuery: 'attribute',
  ranking: ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'],
  customRanking: ['desc(reviews.bayesian_avg)'],
  separatorsToIndex: '',
  removeWordsIfNoResults: 'none',
  queryType: 'prefixLast',
  highlightPreTag: '<em>',
  highlightPostTag: '</em>',
  snippetEllipsisText: '',
  typoTolerance: 'strict',
  alternativesAsExact: ['ignorePlurals', 'singleWordSynonym'],
  enablePersonalization: true,
  indexLanguages: ['en'],
  renderingContent: {
    facetOrdering: {
      facets: {
        order: [
          'hierarchical_categories.lvl0',
          'brand',
          'color.filter_group',
          'available_sizes',
          'price.value',
          'reviews.rating',
        ],
      },
      values: {
        available_sizes: { sortRemainingBy: 'count' },
        brand: { sortRemainingBy: 'count' },
        'color.filter_group': { sortRemainingBy: 'count' },
        'hierarchical_categories.lvl0': { sortRemainingBy: 'count' },
        'price.value': { sortRemainingBy: 'count' },
        'reviews.rating': { sortRemainingBy: 'count' },
      },
    },
  },
}

export const PRODUCTS_RULES = [
  {
    _metadata: { lastUpdate: 1646854568 },
    conditions: [{ anchoring: 'is', pattern: '', alternatives: false, context: 'quickAccess' }],
    consequence: {
      userData: {
        items: [
          { href: '#', subtitle: 'up to 60% Off', template: 'sales-banner', title: 'Spring Sale' },
          { href: '#', template: 'help', title: 'how can\nwe help?', links: [{ href: '#', text: 'FAQ' }] },
        ],
      },
      filterPromotes: true,
    },
    enabled: true,
    description: 'Autocomplete quick access on empty query state',
    objectID: 'qr-1645439637066',
  },
]

export const PRODUCTS = [
  product('1', 'Slim fit jeans', 'Levis', ['Men', 'Jeans'], 'Blue', 59.9, 4.6),
  product('2', 'Running shoes', 'Nike', ['Men', 'Shoes'], 'Black', 89, 4.8),
  product('3', 'Summer dress', 'Mango', ['Women', 'Dresses'], 'Red', 39.5, 4.1),
  product('4', 'Leather jacket', 'Levis', ['Women', 'Jackets'], 'Black', 199, 4.4),
  product('5', 'Denim jacket', 'Levis', ['Men', 'Jackets'], 'Blue', 99, 4.2),
]

function product(
  objectID: string,
  name: string,
  brand: string,
  categories: [string, string],
  color: string,
  price: number,
  rating: number,
) {
  return {
    objectID,
    name,
    brand,
    list_categories: categories,
    hierarchical_categories: { lvl0: categories[0], lvl1: `${categories[0]} > ${categories[1]}` },
    color: { original_name: color.toLowerCase(), filter_group: `${color};#000000` },
    gender: categories[0],
    available_sizes: ['S', 'M', 'L'],
    description: `${name} by ${brand}, in ${color.toLowerCase()}.`,
    price: { value: price, on_sales: false },
    reviews: { rating: Math.round(rating), bayesian_avg: rating },
  }
}
