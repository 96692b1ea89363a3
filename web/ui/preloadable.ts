import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

/**
 * A chunk that can be loaded ahead of rendering. Once it is loaded, the lazy components made from it
 * render at once instead of suspending: the server renders every page whole, and the browser
 * hydrates a server-rendered page without falling back to a loading state.
 */
export interface Preloadable<Module> {
  /** The chunk's entry module relative to web/, as Vite's manifest names it (e.g. `search/search-page.tsx`). */
  readonly source: string
  load(): Promise<Module>
  loaded(): Module | undefined
}

/** `source` names the module `importer` imports: the server finds the chunk's files in the manifest by it. */
export function preloadable<Module>(source: string, importer: () => Promise<Module>): Preloadable<Module> {
  let module: Module | undefined
  return {
    source,
    load: () =>
      importer().then((value) => {
        module = value
        return value
      }),
    loaded: () => module,
  }
}

/**
 * A lazy component from a preloadable chunk. React.lazy calls `then` on what the loader returns and
 * renders at once if the callback ran synchronously: a loaded chunk is handed over that way.
 */
export function lazyFrom<Module, Props extends object>(
  chunk: Preloadable<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => {
    const module = chunk.loaded()
    if (module === undefined) return chunk.load().then((value) => ({ default: pick(value) }))
    const settled = { default: pick(module) }
    // biome-ignore lint/suspicious/noThenProperty: a thenable is the point: React.lazy reads it synchronously
    return { then: (resolve: (value: typeof settled) => void) => resolve(settled) } as Promise<typeof settled>
  })
}
