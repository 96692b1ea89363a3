import { describe, expect, it } from 'vitest'
import { mergeExpositions } from './metrics-merge.ts'

const exposition = (requests: number, start: number) =>
  [
    '# HELP requests_total Requests answered.',
    '# TYPE requests_total counter',
    `requests_total{route="(no route)",status="200"} ${requests}`,
    '# HELP process_start_time_seconds Start time.',
    '# TYPE process_start_time_seconds gauge',
    `process_start_time_seconds ${start}`,
    '',
  ].join('\n')

describe('one exposition of several processes', () => {
  it('labels every sample with its process and keeps one HELP and TYPE per metric', () => {
    expect(
      mergeExpositions([
        { process: 'writer', text: exposition(3, 100) },
        { process: 'follower-1', text: exposition(5, 101) },
      ]),
    ).toBe(
      [
        '# HELP requests_total Requests answered.',
        '# TYPE requests_total counter',
        'requests_total{process="writer",route="(no route)",status="200"} 3',
        'requests_total{process="follower-1",route="(no route)",status="200"} 5',
        '# HELP process_start_time_seconds Start time.',
        '# TYPE process_start_time_seconds gauge',
        'process_start_time_seconds{process="writer"} 100',
        'process_start_time_seconds{process="follower-1"} 101',
        '',
      ].join('\n'),
    )
  })
})
