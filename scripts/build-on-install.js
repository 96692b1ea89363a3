// After `npm install` (package.json "postinstall"): builds the web app (scripts/build/). Plain
// JavaScript, like explain-engine-warnings.js: without the node package (npm install --omit=dev) it
// runs on the system's Node, which cannot load the TypeScript build scripts; it then says so and
// leaves the build to `npm start`, never failing the install.
const [major, minor] = process.versions.node.split('.').map(Number)
if (major > 22 || (major === 22 && minor >= 18)) {
  await import('./build/build-on-install-run.ts')
} else {
  console.log(`Web app: not built at install (Node ${process.version} here); npm start builds it.`)
}
