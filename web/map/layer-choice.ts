// Which layers of a map the user chose, kept in localStorage per map so that the choice survives
// reloads and visits. Storage may be unavailable (private mode, quota): then the defaults apply.

interface LayerChoice {
  base?: string
  overlays: Record<string, boolean>
}

function read(key: string): LayerChoice {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<LayerChoice> | null
    return {
      ...(typeof value?.base === 'string' ? { base: value.base } : {}),
      overlays: value?.overlays && typeof value.overlays === 'object' ? value.overlays : {},
    }
  } catch {
    return { overlays: {} }
  }
}

function write(key: string, choice: LayerChoice): void {
  try {
    localStorage.setItem(key, JSON.stringify(choice))
  } catch {
    // Not kept: the map still works with the defaults.
  }
}

export function storedBaseLayer(key: string | undefined, fallback: string): string {
  return (key && read(key).base) || fallback
}

/** Whether an overlay is shown: as the user last chose it, otherwise `fallback`. */
export function storedOverlay(key: string | undefined, name: string, fallback: boolean): boolean {
  if (!key) return fallback
  return read(key).overlays[name] ?? fallback
}

export function storeBaseLayer(key: string, name: string): void {
  write(key, { ...read(key), base: name })
}

export function storeOverlay(key: string, name: string, shown: boolean): void {
  const choice = read(key)
  write(key, { ...choice, overlays: { ...choice.overlays, [name]: shown } })
}
