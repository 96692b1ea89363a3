import { facilityPictogram, Pictogram } from '../ui/pictogram.tsx'

interface FacilityListProps {
  facilities: readonly string[]
  /** Accessible name of the list. */
  label?: string
  /** Listed for screen readers but not drawn: a compact card counts them instead ("+7 weitere"). */
  unshown?: readonly string[]
}

/** Facilities as pictograms with their German labels. */
export function FacilityList({ facilities, label = 'Ausstattung', unshown = [] }: FacilityListProps) {
  if (facilities.length === 0 && unshown.length === 0) return null
  return (
    <ul className="facility-list" aria-label={label}>
      {facilities.map((facility) => (
        <li key={facility} className="facility">
          <Pictogram name={facilityPictogram(facility)} />
          <span>{facility}</span>
        </li>
      ))}
      {unshown.map((facility) => (
        <li key={facility} className="facility visually-hidden">
          <Pictogram name={facilityPictogram(facility)} />
          <span>{facility}</span>
        </li>
      ))}
      {unshown.length > 0 && (
        <li className="facility-more" aria-hidden="true">
          +{unshown.length} weitere
        </li>
      )}
    </ul>
  )
}
