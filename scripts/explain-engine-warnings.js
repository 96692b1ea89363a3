// After `npm install` (package.json "postinstall"): one line on why npm printed "npm warn
// EBADENGINE". npm runs on the system's Node and checks every package's `engines` against it, but
// this project's scripts run on the Node 24 that the `node` package installs into node_modules, so
// the warnings do not matter. npm has no setting that hides only them (it checks against its own
// Node; `loglevel=error` would hide every other warning too), so it says so instead.
// Plain JavaScript: it runs on whatever Node npm found, also when the `node` package is missing.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/** The major version in `node/v20.20.2` of npm's user agent, or in `v24.21.0`. */
function major(text) {
  const match = /v(\d+)\.\d+\.\d+/.exec(text ?? '')
  return match ? Number(match[1]) : undefined
}

/**
 * The line to print, or undefined when npm had nothing to warn about.
 * `userAgent`: npm's (`npm/11.1.0 node/v20.20.2 linux x64 …`); `scriptNode`: the Node that npm
 * scripts run on (this process, started from node_modules/.bin when the `node` package is there);
 * `enginesNode`: package.json's `engines.node`, e.g. `>=24`.
 */
export function engineWarningsNote(userAgent, scriptNode, enginesNode) {
  const npmNode = /\bnode\/(v\d+\.\d+\.\d+)/.exec(userAgent ?? '')?.[1]
  const required = Number(/(\d+)/.exec(enginesNode ?? '')?.[1])
  if (!npmNode || !Number.isFinite(required) || major(npmNode) >= required) return undefined
  if (major(scriptNode) >= required) {
    return `Note: the "npm warn EBADENGINE" lines above are expected and harmless: npm itself runs on this system's Node ${npmNode}, while every npm script of this project runs on Node ${scriptNode} from the node package in node_modules.`
  }
  return `Warning: npm runs on this system's Node ${npmNode} and the node package that brings Node ${required} is not installed (npm install --omit=dev leaves it out), so npm scripts would run on ${scriptNode}, older than the ${enginesNode} this project needs: run npm install without --omit=dev, or install Node ${required}.`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const pkg = JSON.parse(readFileSync(process.env.npm_package_json ?? 'package.json', 'utf8'))
    const line = engineWarningsNote(process.env.npm_config_user_agent, process.version, pkg.engines?.node)
    if (line) console.log(line)
  } catch {
    // An explanation must never fail the install.
  }
}
