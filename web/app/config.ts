// The run-time settings live in web/shared/, which every part of the app may import. This file stays
// only for the station pages' existing import path; new code imports web/shared/config.ts.
export type { AppConfig, SearchHost } from '../shared/config.ts'
