import { Message, type Translate, useMessages } from '../i18n/intl.tsx'
import { berlinTime } from '../shared/dates.ts'
import {
  applicableDay,
  dayHoursText,
  groupDaysText,
  isEveryDay,
  openingStatus,
  statusText,
  weekGroups,
} from './opening-hours.ts'
import type { Station, WeeklyHours } from './station.ts'
import { useNow } from './use-now.ts'

interface Service {
  name: string
  hours: WeeklyHours
}

function services(station: Station, t: Translate): Service[] {
  const list: Service[] = []
  // "DB Information" is the name of DB's desks, the same in every language.
  if (station.dbInformationHours) list.push({ name: 'DB Information', hours: station.dbInformationHours })
  if (station.serviceStaffHours)
    list.push({ name: t('openingHours.serviceStaff'), hours: station.serviceStaffHours })
  return list
}

/**
 * Opening hours of the DB Information and the service staff: per service the status now, then the
 * week as a sign states it ("täglich rund um die Uhr", "Mo–Fr 6:00–22:00"), a description list with
 * the days spelled out for screen readers.
 */
export function OpeningHoursSection({ station }: { station: Station }) {
  const now = useNow()
  const t = useMessages()
  const list = services(station, t)
  if (list.length === 0) return null
  const today = berlinTime(now)
  return (
    <section className="station-section" aria-labelledby="oeffnungszeiten">
      <h2 id="oeffnungszeiten">
        <Message id="openingHours.heading" />
      </h2>
      <ul className="opening-services">
        {list.map((service) => {
          const status = openingStatus(service.hours, now)
          const text = status && statusText(status, now, t)
          const groups = weekGroups(service.hours)
          // "täglich rund um die Uhr" follows; the status need not say "rund um die Uhr" as well.
          const saysRoundTheClock = groups.length === 1 && status?.open === true && status.until === null
          // The group that applies today; on a nationwide holiday the one with "Feiertage".
          const todayDay = applicableDay(service.hours, today)
          return (
            <li key={service.name}>
              <h3 className="opening-service">{service.name}</h3>
              <p className="opening-now-line">
                {text ? (
                  <span
                    className={
                      text.open ? 'opening-now opening-now--open' : 'opening-now opening-now--closed'
                    }
                  >
                    <strong>{text.label}</strong>
                    {!saysRoundTheClock && ` · ${text.detail}`}
                  </span>
                ) : (
                  <span className="opening-now">
                    <Message id="openingHours.unknownNow" />
                  </span>
                )}
              </p>
              <dl className="opening-week">
                {groups.map((group) => {
                  const isToday = group.days.includes(todayDay) && !isEveryDay(group)
                  const short = groupDaysText(group, 'short', t)
                  const long = groupDaysText(group, 'long', t)
                  return (
                    <div
                      key={group.days.join()}
                      className="opening-group"
                      aria-current={isToday ? 'date' : undefined}
                    >
                      <dt>
                        {short === long ? (
                          short
                        ) : (
                          <>
                            <span aria-hidden="true">{short}</span>
                            <span className="visually-hidden">{long}</span>
                          </>
                        )}
                        {isToday && <span className="opening-today">{` ${t('openingHours.today')}`}</span>}
                      </dt>
                      <dd>{dayHoursText(group.hours, t)}</dd>
                    </div>
                  )
                })}
              </dl>
            </li>
          )
        })}
      </ul>
      <p className="section-note">
        <Message id="openingHours.note" />
      </p>
    </section>
  )
}
