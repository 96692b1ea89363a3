/**
 * Measures text as the map's font draws it, for laying out names before they are in the DOM; where
 * no canvas measures text, an estimate from the number of letters.
 */
export function textWidths(container: HTMLElement): (text: string, font: string, size: number) => number {
  const context = document.createElement('canvas').getContext('2d')
  const family = getComputedStyle(container).fontFamily
  return (text, font, size) => {
    if (!context) return text.length * size * 0.62
    context.font = `${font} ${size}px ${family}`
    return context.measureText(text).width
  }
}
