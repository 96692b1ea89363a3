import { describe, expect, it, vi } from 'vitest'
import { readDeleteByParams, readIndexOperation, runIndexOperation } from './index-requests.ts'

describe('readDeleteByParams', () => {
  it('takes filters and geo areas', () => {
    expect(readDeleteByParams({ filters: 'state:BY', aroundRadius: 1000 })).toEqual({
      filters: 'state:BY',
      aroundRadius: 1000,
    })
  })

  it('refuses a parameter that pages or ranks, and an empty body', () => {
    expect(() => readDeleteByParams({ filters: 'state:BY', hitsPerPage: 5 })).toThrow(
      'Unknown parameter: hitsPerPage',
    )
    expect(() => readDeleteByParams({})).toThrow(/needs at least one of filters/)
    expect(() => readDeleteByParams(undefined)).toThrow(/needs at least one of filters/)
  })
})

describe('readIndexOperation', () => {
  it('reads a copy with its scope and a move', () => {
    expect(readIndexOperation({ operation: 'copy', destination: 'b', scope: ['rules'] }, 'a')).toEqual({
      operation: 'copy',
      destination: 'b',
      scope: ['rules'],
    })
    expect(readIndexOperation({ operation: 'move', destination: 'b' }, 'a')).toEqual({
      operation: 'move',
      destination: 'b',
      scope: undefined,
    })
  })

  it.each([
    [{ operation: 'rename', destination: 'b' }, /operation/],
    [{ operation: 'copy' }, /destination/],
    [{ operation: 'copy', destination: '' }, /destination/],
    [{ operation: 'copy', destination: 'b', scope: ['records'] }, /scope/],
    [{ operation: 'copy', destination: 'b', scope: 'rules' }, /scope/],
    [{ operation: 'copy', destination: 'a' }, 'Source and destination indices must be different'],
  ])('refuses %j', (body, message) => {
    expect(() => readIndexOperation(body, 'a')).toThrow(message)
  })
})

describe('runIndexOperation', () => {
  const indexes = () => ({ copyIndex: vi.fn(() => 'copied'), moveIndex: vi.fn(() => 'moved') })

  it('copies with the scope and moves', () => {
    const copies = indexes()
    expect(runIndexOperation(copies, 'a', { operation: 'copy', destination: 'b', scope: ['rules'] })).toBe(
      'copied',
    )
    expect(copies.copyIndex).toHaveBeenCalledWith('a', 'b', ['rules'])
    expect(runIndexOperation(copies, 'a', { operation: 'move', destination: 'c', scope: undefined })).toBe(
      'moved',
    )
    expect(copies.moveIndex).toHaveBeenCalledWith('a', 'c')
  })

  it('refuses a move with a scope and moves nothing', () => {
    const copies = indexes()
    expect(() =>
      runIndexOperation(copies, 'a', { operation: 'move', destination: 'b', scope: ['rules'] }),
    ).toThrow('scope is only supported by the copy operation')
    expect(copies.moveIndex).not.toHaveBeenCalled()
  })
})
