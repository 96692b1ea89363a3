import { Link, useLocation } from 'react-router'
import { Message, useMessages } from '../i18n/intl.tsx'
import { SearchForm } from '../ui/search-form.tsx'
import { LanguageLink } from './language-link.tsx'
import { useSuggestions } from './use-suggestions.ts'

export function SiteHeader() {
  const { pathname } = useLocation()
  const suggestions = useSuggestions()
  const t = useMessages()
  // The start page and the search page have their own, larger search field.
  const showSearch = pathname !== '/' && pathname !== '/suche'
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="site-logo">
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>
            <Message id="site.name" />
          </span>
        </Link>
        <LanguageLink />
        {showSearch && (
          <SearchForm id="kopf-suche" label={t('site.searchLabel')} compact suggestions={suggestions} />
        )}
      </div>
    </header>
  )
}
