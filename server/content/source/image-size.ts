// Width and height of the images editors put into assets/, read from the file itself.

export interface ImageInfo {
  contentType: string
  width: number
  height: number
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
}

export const IMAGE_EXTENSIONS = Object.keys(TYPES)

/** Reads an image's size; throws an Error saying what is wrong with the file. */
export function readImageInfo(extension: string, bytes: Buffer): ImageInfo {
  const contentType = TYPES[extension.toLowerCase()]
  if (!contentType)
    throw new Error(`unsupported image type "${extension}" (use ${IMAGE_EXTENSIONS.join(', ')})`)
  if (contentType === 'image/png') return { contentType, ...pngSize(bytes) }
  if (contentType === 'image/jpeg') return { contentType, ...jpegSize(bytes) }
  return { contentType, ...svgSize(bytes.toString('utf8')) }
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = '89504e470d0a1a0a'
  if (bytes.length < 24 || bytes.subarray(0, 8).toString('hex') !== signature)
    throw new Error('not a PNG file')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

function jpegSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG file')
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) throw new Error('corrupt JPEG file')
    const marker = bytes[offset + 1] ?? 0
    const length = bytes.readUInt16BE(offset + 2)
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
    }
    offset += 2 + length
  }
  throw new Error('JPEG file without a frame header')
}

function svgSize(text: string): { width: number; height: number } {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0]
  if (!root) throw new Error('not an SVG file (no <svg> element)')
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1]
  const pixels = (value: string | undefined) => {
    const match = value === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/.exec(value)
    return match ? Math.round(Number(match[1])) : undefined
  }
  const width = pixels(attribute('width'))
  const height = pixels(attribute('height'))
  if (width && height) return { width, height }
  const box = attribute('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number)
  if (box?.length === 4 && box.every(Number.isFinite) && (box[2] ?? 0) > 0 && (box[3] ?? 0) > 0) {
    return { width: Math.round(box[2] ?? 0), height: Math.round(box[3] ?? 0) }
  }
  throw new Error('SVG without width/height in pixels or a viewBox')
}
