export function PageLoading() {
  return (
    <p className="page-loading" role="status">
      Seite wird geladen …
    </p>
  )
}
