// After `npm install` (scripts/build-on-install.js): builds the web app when its build is missing or
// older than its sources, so that the first `npm start` serves at once instead of building first,
// and the allocator addon where a C compiler is there (build-native.ts).
import { buildNativeIfStale } from './build-native.ts'
import { buildWeb, canBuildWeb } from './build-web.ts'
import { webBuildIsStale } from './web-build-state.ts'

if (!webBuildIsStale()) {
  console.log('Web app: the build is current.')
} else if (!canBuildWeb()) {
  console.log('Web app: not built here (the build tools are not installed); build it where they are.')
} else {
  const started = performance.now()
  console.log('Web app: building dist/ and dist-ssr/ (npm start needs them; 10–60 s) …')
  if (!buildWeb()) {
    console.error('Web app: the build failed; `npm run build` shows why.')
    process.exit(1)
  }
  console.log(`Web app: built in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
}

buildNativeIfStale((line) => console.log(line))
