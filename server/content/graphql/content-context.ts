// What every resolver of one request reads: one content snapshot, so a query never mixes the
// content before and after a reload.
import type { ContentSnapshot } from '../content-snapshot.ts'

export interface ContentContext {
  snapshot: ContentSnapshot
  /** Absolute URL prefix of asset files, e.g. http://localhost:3000/content/assets/. */
  assetBaseUrl: string
}
