/**
 * The app's pages below its language prefix, as React Router and Fastify both write routes: the
 * router shows them (app.tsx), the server routes them straight to their document (server/web/static-files.ts).
 */
export const PAGE_PATHS = {
  search: 'suche',
  station: 'bahnhof/:id',
  info: 'info/:slug',
  notices: 'meldungen',
  notice: 'meldungen/:slug',
} as const
