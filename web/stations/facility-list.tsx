import { facilityPictogram, Pictogram } from '../ui/pictogram.tsx'

interface FacilityListProps {
  facilities: readonly string[]
  /** Accessible name of the list. */
  label?: string
}

/** Facilities as pictograms with their German labels. */
export function FacilityList({ facilities, label = 'Ausstattung' }: FacilityListProps) {
  if (facilities.length === 0) return null
  return (
    <ul className="facility-list" aria-label={label}>
      {facilities.map((facility) => (
        <li key={facility} className="facility">
          <Pictogram name={facilityPictogram(facility)} />
          <span>{facility}</span>
        </li>
      ))}
    </ul>
  )
}
