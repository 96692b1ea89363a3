// Test helper: a small content directory with known pages, notices and an image, some of them in
// English too, so that the GraphQL tests can assert exact answers; and an app built on it, reached
// with inject().
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'

/** A PNG header (signature + IHDR) of a 40 × 30 image: enough for the size reader. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25)
  ihdr.writeUInt32BE(13, 0)
  ihdr.write('IHDR', 4, 'latin1')
  ihdr.writeUInt32BE(width, 8)
  ihdr.writeUInt32BE(height, 12)
  ihdr.set([8, 6, 0, 0, 0], 16)
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr])
}

export const SAMPLE_FILES: Record<string, string | Buffer> = {
  'pages/ueber.md': `---
title: Über uns
slug: ueber
summary: Wer wir sind.
published: 2026-11-01
---

## Wer wir sind

Ein **Verzeichnis** aller Bahnhöfe. Siehe [Hilfe](entry:hilfe) und [Plan](asset:plan.png).

> Ein Zitat.

| Spalte | Wert |
| ------ | ---- |
| A      | 1    |

---

![Plan des Bahnhofs](plan.png)

![Berlin Hbf](station:8011160)

Mit [Köln](station:8000207) mittendrin und [extern](https://www.bahn.de).
`,
  'pages/ueber.en.md': `---
title: About us
summary: Who we are.
---

## Who we are

A **directory** of every station. See [Help](entry:hilfe).

![Map of the station](plan.png)
`,
  'pages/hilfe.md': `---
title: Hilfe
published: 2026-11-02 10:00
---

1. Tippen
2. Filtern
`,
  'notices/alpha.md': `---
title: Aufzug A
kind: Aufzug
validFrom: 2026-11-20
validUntil: 2026-11-27
stationIds: [8011160, 8000261]
summary: Aufzug A ist kaputt.
published: 2026-11-19
---

Text A.
`,
  'notices/alpha.en.md': `---
title: Lift A
summary: Lift A is out of order.
---

Text A in English.
`,
  'notices/beta.md': `---
title: Bauarbeiten B
kind: Bauarbeiten
validFrom: 2026-12-01 22:00
validUntil: 2026-12-05 05:00
stationIds:
  - 8000207
summary: Nachts gesperrt.
published: 2026-11-18
---

Text B.
`,
  'notices/gamma.md': `---
title: Information C
kind: Information
validFrom: 2026-11-10
stationIds: [8011160]
summary: Neue Schließfächer, unbefristet.
published: 2026-11-09
---

Text C.
`,
  'assets/plan.png': pngHeader(40, 30),
  'assets/plan.yml': 'title: Plan\ndescription: Lageplan des Bahnhofs\n',
  'assets/plan.en.yml': 'title: Map\ndescription: Site map of the station\n',
}

function writeContent(dir: string, files: Record<string, string | Buffer>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), content)
  }
}

export interface ContentApp {
  app: FastifyInstance
  contentDir: string
  close(): Promise<void>
}

/** An app over a fresh copy of the sample content (or the given files), with a tiny web build. */
export async function startContentApp(
  options: { files?: Record<string, string | Buffer>; env?: Record<string, string>; watch?: boolean } = {},
): Promise<ContentApp> {
  const root = mkdtempSync(join(tmpdir(), 'bf-content-'))
  const contentDir = join(root, 'content')
  writeContent(contentDir, options.files ?? SAMPLE_FILES)
  mkdirSync(join(root, 'dist'))
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>Bahnhofsfinder</title>')
  const config = loadConfig({ DATA_DIR: join(root, 'data'), CONTENT_DIR: contentDir, ...options.env })
  const app = await buildApp(config, {
    logger: false,
    distDir: join(root, 'dist'),
    watchContent: options.watch ?? false,
  })
  return {
    app,
    contentDir,
    async close() {
      await app.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

export interface GraphqlAnswer {
  status: number
  headers: Record<string, unknown>
  data: Record<string, unknown> | null | undefined
  errors:
    | {
        message: string
        path?: (string | number)[]
        extensions: { contentful: { code: string; requestId: string; details?: Record<string, unknown> } }
      }[]
    | undefined
}

export async function graphql(
  app: FastifyInstance,
  query: string,
  options: {
    variables?: Record<string, unknown>
    method?: 'GET' | 'POST'
    headers?: Record<string, string>
    url?: string
  } = {},
): Promise<GraphqlAnswer> {
  const url = options.url ?? '/graphql'
  const response =
    options.method === 'GET'
      ? await app.inject({
          method: 'GET',
          url: `${url}?${new URLSearchParams({ query, ...(options.variables ? { variables: JSON.stringify(options.variables) } : {}) })}`,
          headers: options.headers,
        })
      : await app.inject({
          method: 'POST',
          url,
          payload: { query, variables: options.variables },
          headers: options.headers,
        })
  const body = response.body
    ? (JSON.parse(response.body) as Omit<GraphqlAnswer, 'status' | 'headers'>)
    : undefined
  return { status: response.statusCode, headers: response.headers, data: body?.data, errors: body?.errors }
}
