// A synonym as saveSynonym(s) receives it, checked into the engine's Synonym: every type of
// Algolia's spec (camelCase spellings too), with each type's own fields.
import type { Synonym } from '../../../search-core/index.ts'
import { invalidValue } from '../../../search-core/index.ts'

const TYPES: Record<string, Synonym['type']> = {
  synonym: 'synonym',
  onewaysynonym: 'onewaysynonym',
  oneWaySynonym: 'onewaysynonym',
  altcorrection1: 'altcorrection1',
  altCorrection1: 'altcorrection1',
  altcorrection2: 'altcorrection2',
  altCorrection2: 'altcorrection2',
  placeholder: 'placeholder',
}

function strings(name: string, value: unknown): string[] {
  if (!Array.isArray(value) || !value.every((word) => typeof word === 'string')) {
    throw invalidValue(name, 'array of strings')
  }
  return value
}

function text(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalidValue(name, 'non-empty string')
  return value
}

export function readSynonym(raw: unknown, objectID?: string): Synonym {
  if (typeof raw !== 'object' || raw === null) throw invalidValue('synonym', 'object')
  const fields = raw as Record<string, unknown>
  const id = fields.objectID ?? objectID
  if (typeof id !== 'string' || id === '') throw invalidValue('objectID', 'string')
  const type =
    typeof fields.type === 'string' && Object.hasOwn(TYPES, fields.type) ? TYPES[fields.type] : undefined
  switch (type) {
    case 'synonym':
      return { objectID: id, type, synonyms: strings('synonyms', fields.synonyms) }
    case 'onewaysynonym':
      return {
        objectID: id,
        type,
        input: text('input', fields.input),
        synonyms: strings('synonyms', fields.synonyms),
      }
    case 'altcorrection1':
    case 'altcorrection2':
      return {
        objectID: id,
        type,
        word: text('word', fields.word),
        corrections: strings('corrections', fields.corrections),
      }
    case 'placeholder': {
      const placeholder = text('placeholder', fields.placeholder)
      if (!/^<[^<>]+>$/.test(placeholder))
        throw invalidValue('placeholder', 'a token in angle brackets, like <Street>')
      return { objectID: id, type, placeholder, replacements: strings('replacements', fields.replacements) }
    }
    default:
      throw invalidValue('type', `one of ${Object.keys(TYPES).join(', ')}`)
  }
}

/** searchSynonyms' body. */
interface SynonymSearch {
  query: string
  /** Compared with each synonym's type as sent. */
  type: unknown
  page: number
  hitsPerPage: number
}

export function readSynonymSearch(body: Record<string, unknown>): SynonymSearch {
  const { query = '', type, page = 0, hitsPerPage = 100 } = body
  if (typeof query !== 'string') throw invalidValue('query', 'string')
  if (!isInteger(page) || !isInteger(hitsPerPage) || hitsPerPage < 1) {
    throw invalidValue('hitsPerPage', 'positive integer')
  }
  return { query, type, page, hitsPerPage }
}

const isInteger = (value: unknown): value is number => Number.isInteger(value)
