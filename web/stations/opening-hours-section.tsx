import { berlinTime } from '../shared/dates.ts'
import {
  applicableDay,
  DAY_NAMES,
  dayHours,
  dayHoursText,
  openingStatus,
  statusText,
  tableDays,
} from './opening-hours.ts'
import type { OpeningDay, Station, WeeklyHours } from './station.ts'
import { useNow } from './use-now.ts'

interface Service {
  name: string
  hours: WeeklyHours
}

function services(station: Station): Service[] {
  const list: Service[] = []
  if (station.dbInformationHours) list.push({ name: 'DB Information', hours: station.dbInformationHours })
  if (station.serviceStaffHours) list.push({ name: 'Service-Personal', hours: station.serviceStaffHours })
  return list
}

/** Opening hours of the DB Information and the service staff: status now, then the week. */
export function OpeningHoursSection({ station }: { station: Station }) {
  const now = useNow()
  const list = services(station)
  if (list.length === 0) return null
  const today = berlinTime(now)
  const withHoliday = list.find((service) => service.hours.holiday)
  const days: OpeningDay[] = tableDays(withHoliday?.hours ?? {})
  // The row that applies today; on a nationwide holiday that is "Feiertage".
  const todayRow = applicableDay(withHoliday?.hours ?? {}, today)
  return (
    <section className="station-section" aria-labelledby="oeffnungszeiten">
      <h2 id="oeffnungszeiten">Öffnungszeiten</h2>
      <ul className="opening-status">
        {list.map((service) => {
          const status = openingStatus(service.hours, now)
          const text = status && statusText(status, now)
          return (
            <li key={service.name}>
              <span className="opening-service">{service.name}:</span>{' '}
              {text ? (
                <span
                  className={text.open ? 'opening-now opening-now--open' : 'opening-now opening-now--closed'}
                >
                  <strong>{text.label}</strong> · {text.detail}
                </span>
              ) : (
                <span className="opening-now">Öffnungszeiten siehe Tabelle</span>
              )}
            </li>
          )
        })}
      </ul>
      <table className="opening-table">
        <caption className="visually-hidden">Öffnungszeiten nach Wochentag</caption>
        <thead>
          <tr>
            <th scope="col">Tag</th>
            {list.map((service) => (
              <th scope="col" key={service.name}>
                {/* A soft hyphen: Chromium has no German hyphenation on every system. */}
                {service.name.replace('Information', 'Infor\u00ADmation')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day} aria-current={day === todayRow ? 'date' : undefined}>
              <th scope="row">
                {DAY_NAMES[day]}
                {day === todayRow && <span className="opening-today"> (heute)</span>}
              </th>
              {list.map((service) => {
                const hours = dayHours(service.hours, day)
                // A time range stays on one line; "rund um die Uhr" may wrap on a narrow phone.
                const isRange = hours.kind === 'open' && !(hours.from === 0 && hours.to === 24 * 60)
                return (
                  <td key={service.name}>
                    {isRange ? (
                      <span className="opening-time">{dayHoursText(hours)}</span>
                    ) : (
                      dayHoursText(hours)
                    )}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="section-note">
        Zeiten in deutscher Zeit. Die DB Information hilft bei Fragen zu Fahrplan und Reise, das
        Service-Personal vor Ort beim Ein-, Um- und Aussteigen und bei Störungen.
      </p>
    </section>
  )
}
