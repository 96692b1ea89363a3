// Guards every request passes before any route: a request without a Host header (HTTP/1.0 and 0.9
// may leave it out; the pages and /config.json build their URLs from it) and one whose Host names
// no host (or one a URL cannot hold, such as "[:::]") are a 400, and while the server drains
// (after SIGTERM) every new request is told to go elsewhere.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on: new requests get 503 and every response closes its connection. */
    startDraining(): void
  }
}

// A DNS name or IPv4 address, or an IPv6 address in brackets, with an optional port.
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})?)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

/** Hosts already checked: nearly every request names the same one (bounded: a stranger can vary it). */
const checkedHosts = new Map<string, boolean>()

/** Whether a Host header names a host a URL can hold ("999.1.1.1" or "[:::]" pass the pattern only). */
function validHost(host: string): boolean {
  let valid = checkedHosts.get(host)
  if (valid === undefined) {
    valid =
      HOST.test(host) && Number(/:(\d+)$/.exec(host)?.[1] ?? 0) <= 65535 && URL.canParse(`http://${host}`)
    if (checkedHosts.size >= 64) checkedHosts.clear()
    checkedHosts.set(host, valid)
  }
  return valid
}

export default fp(
  async (app: FastifyInstance) => {
    let draining = false
    app.decorate('startDraining', () => {
      draining = true
    })

    app.addHook('onRequest', async (request, reply) => {
      if (draining) {
        return reply
          .code(503)
          .header('connection', 'close')
          .header('retry-after', '1')
          .send({ message: 'The server is shutting down: try again', status: 503 })
      }
      const host = request.headers.host
      if (host === undefined) {
        return reply.code(400).send({ message: 'Missing Host header', status: 400 })
      }
      if (!validHost(host)) {
        return reply.code(400).send({ message: 'Invalid Host header', status: 400 })
      }
    })
    // Requests still running when the drain starts finish, and close their connection after.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining) reply.header('connection', 'close')
      return payload
    })
  },
  { name: 'request-guards' },
)
