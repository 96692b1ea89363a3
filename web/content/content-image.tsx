import type { LinkedAsset } from './content-types.ts'
import { imageSource } from './safe-link.ts'

const WIDTHS = [480, 800, 1200, 1600]

/** Contentful's Images API scales on request; our own service serves the file as it is. */
function srcSet(src: string, width: number | null): string | undefined {
  let url: URL
  try {
    url = new URL(src)
  } catch {
    return undefined
  }
  if (!url.hostname.endsWith('ctfassets.net') || !width) return undefined
  return WIDTHS.filter((w) => w < width)
    .map((w) => `${src}?w=${w} ${w}w`)
    .concat(`${src} ${width}w`)
    .join(', ')
}

/** An embedded image: width and height reserve its space, CSS scales it to the column. */
export function ContentImage({ asset }: { asset: LinkedAsset }) {
  const src = imageSource(asset.url)
  if (!src) return null
  const alt = asset.description ?? asset.title ?? ''
  return (
    <figure className="content-figure">
      <img
        src={src}
        srcSet={srcSet(src, asset.width)}
        sizes={asset.width ? `(max-width: 48rem) 100vw, min(${asset.width}px, 48rem)` : undefined}
        alt={alt}
        width={asset.width ?? undefined}
        height={asset.height ?? undefined}
        loading="lazy"
        decoding="async"
      />
      {asset.title && asset.title !== alt && <figcaption>{asset.title}</figcaption>}
    </figure>
  )
}
