// See config.ts here: kept for the station pages' existing import path; new code imports
// web/shared/config-context.tsx.
export { useConfig } from '../shared/config-context.tsx'
