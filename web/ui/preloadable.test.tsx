import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { lazyFrom, preloadable } from './preloadable.ts'

function Greeting({ name }: { name: string }) {
  return <p>Hallo {name}</p>
}

function render(Part: (props: { name: string }) => React.ReactNode): string {
  return renderToString(
    <Suspense fallback={<p>lädt</p>}>
      <Part name="Köln" />
    </Suspense>,
  )
}

describe('preloadable chunks', () => {
  it('render at once once loaded, where a plain lazy component would show its fallback', async () => {
    const chunk = preloadable('greeting.tsx', async () => ({ Greeting }))
    const Lazy = lazyFrom(chunk, (module) => module.Greeting)
    await chunk.load()
    const html = render(Lazy as never)
    expect(html).toContain('Hallo')
    expect(html).not.toContain('lädt')
  })

  it('suspend like a lazy component while not loaded', () => {
    const chunk = preloadable('greeting.tsx', async () => ({ Greeting }))
    const Lazy = lazyFrom(chunk, (module) => module.Greeting)
    expect(render(Lazy as never)).toContain('lädt')
    expect(chunk.loaded()).toBeUndefined()
  })
})
