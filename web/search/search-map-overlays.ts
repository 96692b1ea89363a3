import type { Translate } from '../i18n/intl.tsx'

/** The search map's overlays. */
export interface Overlays {
  pageHits: string
  allHits: string
  states: string
  stepFree: string
  longDistance: string
}

/**
 * The overlays by the names the layers control shows in the page's language, which are also the
 * names a stored choice keeps (in German as before; another language keeps its own choice).
 */
export function overlayNames(t: Translate): Overlays {
  return {
    pageHits: t('searchMap.layer.pageHits'),
    allHits: t('searchMap.layer.allHits'),
    states: t('searchMap.layer.states'),
    stepFree: t('searchMap.layer.stepFree'),
    longDistance: t('searchMap.layer.longDistance'),
  }
}
