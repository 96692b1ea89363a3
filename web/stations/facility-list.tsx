import { facilityLabel } from '../i18n/data-labels.ts'
import { useMessages } from '../i18n/intl.tsx'
import { facilityPictogram, Pictogram } from '../ui/pictogram.tsx'

interface FacilityListProps {
  facilities: readonly string[]
  /** Accessible name of the list; "Ausstattung" when absent. */
  label?: string
  /** Listed for screen readers but not drawn: a compact card counts them instead ("+7 weitere"). */
  unshown?: readonly string[]
  /**
   * On phones (max-width 30rem) only this many of `facilities` are drawn, the rest counted too. Decided
   * by the style sheet, not the script, so a server-rendered card keeps its layout when taken over.
   */
  shownOnPhones?: number
}

/** Facilities as pictograms with their names in the page's language (the records' values, in German). */
export function FacilityList({
  facilities,
  label,
  unshown = [],
  shownOnPhones = facilities.length,
}: FacilityListProps) {
  const t = useMessages()
  if (facilities.length === 0 && unshown.length === 0) return null
  const countedOnPhones = unshown.length + Math.max(0, facilities.length - shownOnPhones)
  return (
    <ul className="facility-list" aria-label={label ?? t('facilities.heading')}>
      {facilities.map((facility, index) => (
        <li
          key={facility}
          className={index < shownOnPhones ? 'facility' : 'facility facility--not-on-phones'}
        >
          <Pictogram name={facilityPictogram(facility)} />
          <span>{facilityLabel(facility, t)}</span>
        </li>
      ))}
      {unshown.map((facility) => (
        <li key={facility} className="facility visually-hidden">
          <Pictogram name={facilityPictogram(facility)} />
          <span>{facilityLabel(facility, t)}</span>
        </li>
      ))}
      {unshown.length > 0 && (
        <li className="facility-more facility-more--wide" aria-hidden="true">
          {t('facilities.more', { count: unshown.length })}
        </li>
      )}
      {countedOnPhones > 0 && countedOnPhones !== unshown.length && (
        <li className="facility-more facility-more--phone" aria-hidden="true">
          {t('facilities.more', { count: countedOnPhones })}
        </li>
      )}
    </ul>
  )
}
