import { Link } from 'react-router'
import { Message, type MessageId, useMessages } from '../i18n/intl.tsx'
import { ContentSkeleton } from '../ui/content-skeleton.tsx'
import { OptionalPart } from '../ui/optional-part.tsx'
import { SearchForm } from '../ui/search-form.tsx'
import { WhenIdle } from '../ui/when-idle.tsx'
import { HomeIntro, HomeNotices, TrendingStations } from './lazy-pages.ts'
import { useSuggestions } from './use-suggestions.ts'

const EXAMPLES: { label: MessageId; to: string }[] = [
  { label: 'home.example.cologne', to: '/suche?q=K%C3%B6ln+Hbf' },
  {
    label: 'home.example.stepFreeBavaria',
    to: '/suche?bundesland=Bayern&ausstattung=Fahrradstellplatz&zugang=ja',
  },
  { label: 'home.example.lounge', to: '/suche?ausstattung=DB+Lounge' },
  { label: 'home.example.category1', to: '/suche?kategorie=1' },
]

// Stands in for the CMS's intro (page `startseite`) when the content service does not answer.
const BUILT_IN_INTRO = (
  <p className="home-intro">
    <Message id="home.intro" />
  </p>
)

export function HomePage() {
  const suggestions = useSuggestions()
  const t = useMessages()
  return (
    <div className="home">
      <title>{t('home.pageTitle')}</title>
      <section className="home-hero" aria-labelledby="home-title">
        <h1 id="home-title">
          <Message id="home.heading" />
        </h1>
        <OptionalPart
          loading={<ContentSkeleton lines={2} label={t('home.introLoading')} />}
          failed={BUILT_IN_INTRO}
        >
          <HomeIntro part="summary">{BUILT_IN_INTRO}</HomeIntro>
        </OptionalPart>
        <SearchForm
          label={t('site.searchLabel')}
          placeholder={t('home.searchPlaceholder')}
          suggestions={suggestions}
        />
        <OptionalPart>
          <HomeIntro part="body" />
        </OptionalPart>
      </section>
      <section className="home-examples" aria-labelledby="examples-title">
        <h2 id="examples-title">
          <Message id="home.examplesHeading" />
        </h2>
        <ul>
          {EXAMPLES.map((example) => (
            <li key={example.to}>
              <Link to={example.to}>{t(example.label)}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="home-notices" aria-labelledby="notices-title">
        <h2 id="notices-title">
          <Message id="home.noticesHeading" />
        </h2>
        <OptionalPart
          loading={<ContentSkeleton lines={4} label={t('notices.loading')} />}
          failed={
            <p>
              <Message id="home.noticesFailed" />
            </p>
          }
        >
          <HomeNotices />
        </OptionalPart>
      </section>
      {/* Last: it arrives when the browser is idle and must not push what is already read. */}
      <WhenIdle>
        <OptionalPart>
          <TrendingStations />
        </OptionalPart>
      </WhenIdle>
    </div>
  )
}
