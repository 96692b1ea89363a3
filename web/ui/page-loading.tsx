import { Message } from '../i18n/intl.tsx'

export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      <Message id="loading.page" />
    </p>
  )
}
