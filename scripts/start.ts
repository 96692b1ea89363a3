// `npm start`: builds the web app when dist/ is missing or older than its sources (`npm install`
// already built it) and the allocator addon when it is missing and can be (scripts/build/build-native.ts),
// then starts the server.
import { buildNativeIfStale } from './build/build-native.ts'
import { buildWeb } from './build/build-web.ts'
import { webBuildIsStale } from './build/web-build-state.ts'

if (webBuildIsStale()) {
  const started = performance.now()
  console.log('Building the web app first: dist/ is missing or older than its sources (10–60 s) …')
  if (!buildWeb()) {
    console.error('The web app could not be built; `npm run build` shows why.')
    process.exit(1)
  }
  console.log(`Web app built in ${((performance.now() - started) / 1000).toFixed(1)} s; starting the server.`)
}
buildNativeIfStale((line) => console.log(line))
await import('../server/main.ts')
