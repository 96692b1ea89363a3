import { describe, expect, it } from 'vitest'
import type { FilterNode } from '../engine/types.ts'
import { facetFiltersToNode, numericFiltersToNode, parseFilters, tagFiltersToNode } from './filters.ts'

const facet = (attribute: string, value: string): FilterNode => ({ type: 'facet', attribute, value })
const not = (child: FilterNode): FilterNode => ({ type: 'not', child })
const and = (...children: FilterNode[]): FilterNode => ({ type: 'and', children })
const or = (...children: FilterNode[]): FilterNode => ({ type: 'or', children })

describe('parseFilters', () => {
  it('parses facet, tag, boolean, numeric and range filters', () => {
    expect(parseFilters('category:Book')).toEqual(facet('category', 'Book'))
    expect(parseFilters('_tags:published')).toEqual(facet('_tags', 'published'))
    expect(parseFilters('published')).toEqual(facet('_tags', 'published'))
    expect(parseFilters('isEnabled:true')).toEqual(facet('isEnabled', 'true'))
    expect(parseFilters('price > 12.99')).toEqual({
      type: 'numeric',
      attribute: 'price',
      op: '>',
      value: 12.99,
    })
    expect(parseFilters('price<=-3')).toEqual({ type: 'numeric', attribute: 'price', op: '<=', value: -3 })
    expect(parseFilters('count != 0')).toEqual({ type: 'numeric', attribute: 'count', op: '!=', value: 0 })
    expect(parseFilters('price:5.99 TO 100')).toEqual({
      type: 'range',
      attribute: 'price',
      lo: 5.99,
      hi: 100,
    })
  })

  it('reads quoted values and attributes, and whole quoted "attribute:value" filters', () => {
    expect(parseFilters('author:"Stephen King"')).toEqual(facet('author', 'Stephen King'))
    expect(parseFilters(`"my attr":'a "b"'`)).toEqual(facet('my attr', 'a "b"'))
    expect(parseFilters('segment:"Regionaler Knoten"')).toEqual(facet('segment', 'Regionaler Knoten'))
    expect(parseFilters('("county:Maricopa" OR "county:Pima")')).toEqual(
      or(facet('county', 'Maricopa'), facet('county', 'Pima')),
    )
    expect(parseFilters('name:"AND"')).toEqual(facet('name', 'AND'))
    expect(parseFilters('name:"a\\"b"')).toEqual(facet('name', 'a"b'))
  })

  it('reads unquoted values of several words up to the next keyword or filter', () => {
    expect(parseFilters('actor:Tom Cruise OR actor:Scarlett Johansson')).toEqual(
      or(facet('actor', 'Tom Cruise'), facet('actor', 'Scarlett Johansson')),
    )
    expect(parseFilters('NOT actor:Nicolas Cage')).toEqual(not(facet('actor', 'Nicolas Cage')))
    expect(parseFilters('categories:politics AND store:Gibert Joseph Saint-Michel')).toEqual(
      and(facet('categories', 'politics'), facet('store', 'Gibert Joseph Saint-Michel')),
    )
    expect(parseFilters("categoryPageId: Men's Clothing")).toEqual(facet('categoryPageId', "Men's Clothing"))
    expect(parseFilters("editor:'visual studio' OR editor:neovim")).toEqual(
      or(facet('editor', 'visual studio'), facet('editor', 'neovim')),
    )
    // A missing operator between two filters is still an error.
    expect(() => parseFilters('a:b c:d')).toThrow(/Unexpected token string\(c\)/)
  })

  it('keeps filter scores on their filters, and refuses one above 65,535', () => {
    expect(parseFilters('(company:Google<score=3> OR company:Amazon<score=2> OR price < 10)')).toEqual(
      or(
        { ...facet('company', 'Google'), score: 3 } as FilterNode,
        { ...facet('company', 'Amazon'), score: 2 } as FilterNode,
        { type: 'numeric', attribute: 'price', op: '<', value: 10 },
      ),
    )
    expect(() => parseFilters('company:Google<score=65536>')).toThrow(/above 65535/)
  })

  it('reads nested attribute names', () => {
    expect(parseFilters('authors.mainAuthor:"John Doe"')).toEqual(facet('authors.mainAuthor', 'John Doe'))
  })

  it('combines with AND, OR, NOT and parentheses (AND of ORs)', () => {
    expect(parseFilters('a:1 AND b:2 AND c:3')).toEqual(
      and(facet('a', '1'), facet('b', '2'), facet('c', '3')),
    )
    expect(parseFilters('(a:1 OR a:2) AND NOT b:3')).toEqual(
      and(or(facet('a', '1'), facet('a', '2')), not(facet('b', '3'))),
    )
    expect(parseFilters('a:1 AND (b:2 OR c > 3) AND (d:4 OR e:5)')).toEqual(
      and(
        facet('a', '1'),
        or(facet('b', '2'), { type: 'numeric', attribute: 'c', op: '>', value: 3 }),
        or(facet('d', '4'), facet('e', '5')),
      ),
    )
    expect(parseFilters('NOT a:1 OR b:2')).toEqual(or(not(facet('a', '1')), facet('b', '2')))
    expect(parseFilters('NOT (a:1)')).toEqual(not(facet('a', '1')))
  })

  it('accepts an empty filter', () => {
    expect(parseFilters('   ')).toEqual(and())
  })

  it("rejects what Algolia rejects, with Algolia's kind of message", () => {
    expect(() => parseFilters('(a:1 AND b:2) OR c:3')).toThrow(
      'filters: filter (X AND Y) OR Z is not allowed, only (X OR Y) AND Z is allowed',
    )
    expect(() => parseFilters('a:1 OR b:2 AND c:3')).toThrow('is not allowed')
    expect(() => parseFilters('NOT (a:1 OR b:2)')).toThrow('filters: NOT cannot be applied to a group')
    expect(() => parseFilters('category.lvl2:Womens>Tailoring')).toThrow(
      "filters: Unexpected token '>' expected end of filter at col 20",
    )
    expect(() => parseFilters('(languages:pythonORlanguages:javascript)')).toThrow(
      "filters: Unexpected token ':' expected ')' at col 28",
    )
    expect(() => parseFilters('price > cheap')).toThrow(
      'filters: Unexpected token string(cheap) expected numeric at col 8',
    )
    expect(() => parseFilters('price:1 TO x')).toThrow('expected numeric')
    expect(() => parseFilters('a:1 AND')).toThrow(
      'filters: Unexpected end of filter expected filter at col 7',
    )
    expect(() => parseFilters('a:1 b:2')).toThrow(
      'filters: Unexpected token string(b) expected end of filter at col 4',
    )
    expect(() => parseFilters('a:"open')).toThrow('filters: Unterminated string')
    expect(() => parseFilters('a:')).toThrow('expected value')
    expect(() => parseFilters('(a:1')).toThrow("expected ')'")
  })

  it('throws errors with status 400', () => {
    try {
      parseFilters('a:1 OR')
      expect.unreachable()
    } catch (error) {
      expect((error as { status?: number }).status).toBe(400)
    }
  })
})

describe('facetFiltersToNode', () => {
  it('ANDs the outer list and ORs inner lists', () => {
    expect(facetFiltersToNode(['category:Book', 'author:John Doe'])).toEqual(
      and(facet('category', 'Book'), facet('author', 'John Doe')),
    )
    expect(facetFiltersToNode([['genre:comedy', 'genre:drama'], 'author:x'])).toEqual(
      and(or(facet('genre', 'comedy'), facet('genre', 'drama')), facet('author', 'x')),
    )
    expect(facetFiltersToNode('category:Book')).toEqual(facet('category', 'Book'))
  })

  it('negates with "-" and keeps an escaped "\\-" literally', () => {
    expect(facetFiltersToNode(['genre:-comedy'])).toEqual(not(facet('genre', 'comedy')))
    expect(facetFiltersToNode(['category:\\-Movie'])).toEqual(facet('category', '-Movie'))
  })

  it('keeps everything after the first colon as the value', () => {
    expect(facetFiltersToNode(['time:12:30'])).toEqual(facet('time', '12:30'))
  })

  it('accepts the JSON string form', () => {
    expect(facetFiltersToNode('[["a:1","a:2"],"b:3"]')).toEqual(
      and(or(facet('a', '1'), facet('a', '2')), facet('b', '3')),
    )
  })

  it('ORs everything inside a group nested deeper than two levels, as Algolia answers it', () => {
    expect(facetFiltersToNode(["editor:'visual studio'", ['editor:neovim', ['editor:goland']]])).toEqual(
      and(facet('editor', 'visual studio'), or(facet('editor', 'neovim'), facet('editor', 'goland'))),
    )
  })

  it('rejects malformed input', () => {
    expect(() => facetFiltersToNode(['nocolon'])).toThrow('facetFilters')
    expect(() => facetFiltersToNode([[['deep:1', 2]]])).toThrow('facetFilters')
    expect(() => facetFiltersToNode(42)).toThrow('facetFilters')
    expect(() => facetFiltersToNode('[broken')).toThrow('facetFilters')
  })
})

describe('numericFiltersToNode', () => {
  it('parses comparisons and ranges, nested arrays as OR', () => {
    expect(numericFiltersToNode(['category<=3'])).toEqual({
      type: 'numeric',
      attribute: 'category',
      op: '<=',
      value: 3,
    })
    expect(numericFiltersToNode(['category:1 TO 3'])).toEqual({
      type: 'range',
      attribute: 'category',
      lo: 1,
      hi: 3,
    })
    expect(numericFiltersToNode(['price < 1000', ['inStock = 1', 'deliveryDate < 1441755506']])).toEqual(
      and(
        { type: 'numeric', attribute: 'price', op: '<', value: 1000 },
        or(
          { type: 'numeric', attribute: 'inStock', op: '=', value: 1 },
          { type: 'numeric', attribute: 'deliveryDate', op: '<', value: 1441755506 },
        ),
      ),
    )
    expect(numericFiltersToNode(['weight >= -1.5'])).toEqual({
      type: 'numeric',
      attribute: 'weight',
      op: '>=',
      value: -1.5,
    })
  })

  it('rejects non-numeric conditions', () => {
    expect(() => numericFiltersToNode(['price > cheap'])).toThrow(
      'numericFilters: Invalid syntax for numeric condition',
    )
    expect(() => numericFiltersToNode(['price'])).toThrow('numericFilters')
  })
})

describe('tagFiltersToNode', () => {
  it('maps tags to _tags facets with negation and OR groups', () => {
    expect(tagFiltersToNode(['public', ['user_1', 'user_2'], '-private', '\\-dash'])).toEqual(
      and(
        facet('_tags', 'public'),
        or(facet('_tags', 'user_1'), facet('_tags', 'user_2')),
        not(facet('_tags', 'private')),
        facet('_tags', '-dash'),
      ),
    )
  })

  it('reads the legacy string form: commas AND, parentheses OR', () => {
    expect(tagFiltersToNode('a,(b,c)')).toEqual(
      and(facet('_tags', 'a'), or(facet('_tags', 'b'), facet('_tags', 'c'))),
    )
  })
})
