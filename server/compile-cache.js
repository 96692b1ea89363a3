// Preloaded before the server's first module (`node --import ./server/compile-cache.js …`): Node
// keeps what it made of each module, the TypeScript with its types stripped and V8's compiled code,
// in a cache on disk (NODE_COMPILE_CACHE, else the system's temporary folder), so that later starts
// load neither the TypeScript stripper (~18 MB per process) nor compile the modules again. Plain
// JavaScript: a .ts file here would need that stripper to load itself.
import module from 'node:module'

module.enableCompileCache?.()
