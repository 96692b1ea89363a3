import { segmentLabel } from '../i18n/data-labels.ts'
import { Message, useMessages } from '../i18n/intl.tsx'
import { categoryExplanation, categoryLabel, operatorDisplayName } from './facet-labels.ts'
import { FactHint } from './fact-hint.tsx'
import type { Station } from './station.ts'

/** The Steckbrief: the station's numbers and terms, each explained in plain words. */
export function StationFacts({ station }: { station: Station }) {
  const t = useMessages()
  const explanation = station.category !== undefined && categoryExplanation(station.category, t)
  return (
    <section className="station-section station-facts" aria-labelledby="steckbrief">
      <h2 id="steckbrief">
        <Message id="facts.heading" />
      </h2>
      <dl className="facts">
        {station.category !== undefined && (
          <div>
            <dt>
              <Message id="facts.category" />
            </dt>
            <dd>
              {categoryLabel(station.category, t)}
              {explanation && <>: {explanation}</>}
              <FactHint term={t('facts.category')}>
                <Message id="facts.categoryHint" />
              </FactHint>
            </dd>
          </div>
        )}
        {station.operator && (
          <div>
            <dt>
              <Message id="facts.operator" />
            </dt>
            <dd>
              {operatorDisplayName(station.operator, t)}
              <FactHint term={t('facts.operator')}>
                <Message id="facts.operatorHint" />
              </FactHint>
            </dd>
          </div>
        )}
        {station.segment && (
          <div>
            <dt>
              <Message id="facts.segment" />
            </dt>
            <dd>{segmentLabel(station.segment, t)}</dd>
          </div>
        )}
        {station.ril100 && (
          <div>
            <dt>
              <Message id="facts.ril100" />
            </dt>
            <dd>
              {station.ril100}
              <FactHint term={t('facts.ril100')}>
                <Message id="facts.ril100Hint" />
              </FactHint>
            </dd>
          </div>
        )}
        <div>
          <dt>
            <Message id="facts.eva" />
          </dt>
          <dd>
            {station.objectID}
            <FactHint term={t('facts.eva')}>
              <Message id="facts.evaHint" />
            </FactHint>
          </dd>
        </div>
      </dl>
    </section>
  )
}
