// A station page's head beyond title and description: schema.org's TrainStation (address,
// position, opening hours, amenities, the trains and platform heights) and its breadcrumbs, in the
// page's language (page-head.ts puts it in the head).
import { facilityLabel, federalStateLabel, trainLabel } from '../../web/i18n/data-labels.ts'
import type { Translate } from '../../web/i18n/intl.tsx'
import type { StationFacts } from '../stations/station-facts.ts'
import type { StationRecord } from '../stations/station-records.ts'

const DAYS: Record<string, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
  holiday: 'PublicHolidays',
}

/** The fields of a station the head reads. */
export type HeadStation = Pick<
  StationRecord,
  | 'objectID'
  | 'name'
  | 'city'
  | 'federalState'
  | 'street'
  | 'zipcode'
  | 'ril100'
  | 'serviceCenterPhone'
  | 'steplessAccess'
  | 'lift'
  | 'facilities'
  | 'trains'
  | 'dbInformationHours'
  | '_geoloc'
>

/**
 * A record of the stations index as the head reads it. Written through the search API, a record
 * may hold any JSON: without a name it is no station (the page is a 404, as the web app shows it);
 * a text or list of another type is left out, so an odd record costs its head those facts, never
 * the page.
 */
export function stationForHead(record: StationRecord | undefined): HeadStation | undefined {
  if (typeof record?.name !== 'string') return undefined
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  const texts = (value: unknown) =>
    Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  const geo = record._geoloc as { lat?: unknown; lng?: unknown } | undefined
  const hours = record.dbInformationHours
  return {
    objectID: record.objectID,
    name: record.name,
    city: text(record.city),
    federalState: text(record.federalState),
    street: text(record.street),
    zipcode: text(record.zipcode),
    ril100: text(record.ril100),
    serviceCenterPhone: text(record.serviceCenterPhone),
    steplessAccess: record.steplessAccess,
    lift: record.lift,
    facilities: texts(record.facilities),
    trains: texts(record.trains) as StationRecord['trains'],
    dbInformationHours: typeof hours === 'object' && hours !== null ? hours : null,
    _geoloc:
      typeof geo?.lat === 'number' && typeof geo.lng === 'number' ? { lat: geo.lat, lng: geo.lng } : null,
  }
}

/**
 * What schema.org has no property for, as Place's `additionalProperty`: the trains that stop, each
 * platform height the station has (in centimetres above the rail, UN/CEFACT unit CMT), the number
 * of lifts DB's data lists.
 */
function stationProperties(t: Translate, record: HeadStation, facts: StationFacts | undefined): object[] {
  const property = (name: string, value: string | number, unit?: { code: string; text: string }) => ({
    '@type': 'PropertyValue',
    name,
    value,
    ...(unit ? { unitCode: unit.code, unitText: unit.text } : {}),
  })
  const heights = [...new Set((facts?.tracks ?? []).map((track) => track.height))].sort((a, b) => b - a)
  return [
    ...(record.trains ?? []).map((type) => property(t('stationHead.train'), trainLabel(type, t))),
    ...heights.map((height) =>
      property(t('stationHead.platformHeight'), height, { code: 'CMT', text: 'cm' }),
    ),
    ...(facts?.lifts?.length ? [property(t('stationHead.lifts'), facts.lifts.length)] : []),
  ]
}

/** A description of at most ~160 characters, cut at a word. */
export function clip(value: string, max = 160): string {
  if (value.length <= max) return value
  const cut = value.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`
}

/** A station page's description and JSON-LD; `site` is the first breadcrumb's name. */
export function stationHead(
  t: Translate,
  record: HeadStation,
  stationFacts: StationFacts | undefined,
  canonical: string,
  url: (path: string) => string,
  site: string,
): { description: string; jsonLd: Record<string, unknown>[] } {
  const place = [record.city, record.federalState && federalStateLabel(record.federalState, t)]
    .filter(Boolean)
    .join(', ')
  const facts = [
    record.steplessAccess === 'ja'
      ? t('stationHead.stepFree')
      : record.steplessAccess === 'teilweise'
        ? t('stationHead.partlyStepFree')
        : undefined,
    record.trains?.length
      ? t('stationHead.trains', { trains: record.trains.map((type) => trainLabel(type, t)).join(', ') })
      : undefined,
    record.facilities.length > 0
      ? t('stationHead.facilities', {
          facilities: record.facilities.map((name) => facilityLabel(name, t)).join(', '),
        })
      : undefined,
  ].filter(Boolean)
  const about = t('stationHead.description', { station: place ? `${record.name} (${place})` : record.name })
  const description = clip(facts.length > 0 ? `${about} – ${facts.join('; ')}.` : `${about}.`)
  const address = {
    '@type': 'PostalAddress',
    ...(record.street ? { streetAddress: record.street } : {}),
    ...(record.zipcode ? { postalCode: record.zipcode } : {}),
    ...(record.city ? { addressLocality: record.city } : {}),
    ...(record.federalState ? { addressRegion: record.federalState } : {}),
    addressCountry: 'DE',
  }
  const hours = Object.entries(record.dbInformationHours ?? {}).flatMap(([day, range]) =>
    range && DAYS[day]
      ? [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: `https://schema.org/${DAYS[day]}`,
            opens: range.from,
            closes: range.to === '24:00' ? '23:59' : range.to,
          },
        ]
      : [],
  )
  const amenities = [
    {
      '@type': 'LocationFeatureSpecification',
      name: t('stationHead.stepFreeAccess'),
      value: record.steplessAccess === 'ja',
    },
    ...record.facilities.map((name) => ({
      '@type': 'LocationFeatureSpecification',
      name: facilityLabel(name, t),
      value: true,
    })),
    // Where DB's lift data lists none, it is not known whether there is one: left out.
    ...(record.lift === 'ja'
      ? [{ '@type': 'LocationFeatureSpecification', name: t('stationHead.lift'), value: true }]
      : []),
  ]
  const properties = stationProperties(t, record, stationFacts)
  const station = {
    '@context': 'https://schema.org',
    '@type': 'TrainStation',
    name: record.name,
    url: canonical,
    address,
    ...(record._geoloc
      ? { geo: { '@type': 'GeoCoordinates', latitude: record._geoloc.lat, longitude: record._geoloc.lng } }
      : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    ...(record.serviceCenterPhone ? { telephone: record.serviceCenterPhone } : {}),
    amenityFeature: amenities,
    ...(properties.length > 0 ? { additionalProperty: properties } : {}),
    ...(record.ril100 ? { identifier: record.ril100 } : {}),
  }
  const crumbs = [
    { name: site, item: url('/') },
    ...(record.city
      ? [{ name: record.city, item: `${url('/suche')}?q=${encodeURIComponent(record.city)}` }]
      : []),
    { name: record.name, item: canonical },
  ]
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
  }
  return { description, jsonLd: [station, breadcrumbs] }
}
