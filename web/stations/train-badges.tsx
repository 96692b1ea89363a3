import { trainLabel } from '../i18n/data-labels.ts'
import { useMessages } from '../i18n/intl.tsx'
import { byTrainOrder, trainClass, trainDescription } from './train-types.ts'

interface TrainBadgesProps {
  trains: readonly string[] | undefined
  /** Accessible name of the list ("Züge in Köln Hbf"). */
  label: string
}

/** The train types that stop at a station as compact badges, in the filter's order and the page's language. */
export function TrainBadges({ trains, label }: TrainBadgesProps) {
  const t = useMessages()
  if (!trains || trains.length === 0) return null
  return (
    <ul className="train-badges" aria-label={label}>
      {[...trains].sort(byTrainOrder).map((type) => (
        <li key={type} className={`train-badge ${trainClass(type)}`} title={trainDescription(type)}>
          {trainLabel(type, t)}
        </li>
      ))}
    </ul>
  )
}
