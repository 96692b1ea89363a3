// The map of /suche, as a user sees it: located by role and accessible name.
import { expect, type Locator, type Page } from '@playwright/test'

const CLUSTER_NAME = /^([\d.]+) Bahnhöfe – heranzoomen$/
const HIT_MARKER_NAME = /^Treffer \d+: /
const CONTROL_NAMES = new Set(['Heranzoomen', 'Herauszoomen', 'Kartenebenen', 'Popup schließen'])

export class SearchMapUi {
  readonly page: Page

  constructor(page: Page) {
    this.page = page
  }

  get region(): Locator {
    return this.page.getByRole('region', { name: 'Karte der Treffer' })
  }

  get hitMarkers(): Locator {
    return this.region.getByRole('button', { name: HIT_MARKER_NAME })
  }

  get moveSearch(): Locator {
    return this.page.getByRole('checkbox', { name: 'Beim Verschieben der Karte suchen' })
  }

  get zoomOut(): Locator {
    return this.region.getByRole('button', { name: 'Herauszoomen' })
  }

  /** Opens the layers control from the keyboard: its radios and checkboxes are the map's only ones. */
  async layers(): Promise<Locator> {
    const base = this.region.getByRole('radio', { name: 'Karte (offline)' })
    if (!(await base.isVisible())) {
      await this.region.getByRole('button', { name: 'Kartenebenen' }).focus()
      await this.page.keyboard.press('Enter')
    }
    await expect(base).toBeVisible()
    return this.region
  }

  /** An overlay's checkbox, with the pointer on it (Leaflet ignores a click in the instant the pointer enters the control). */
  async layer(name: string): Promise<Locator> {
    const checkbox = (await this.layers()).getByRole('checkbox', { name, exact: true })
    await checkbox.hover()
    return checkbox
  }

  /** Waits until Leaflet has started and finished the zoom a click asked for (it starts a frame later). */
  async zoomSettled(): Promise<void> {
    await this.page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    await expect(this.region.locator('.leaflet-map-pane')).not.toHaveClass(/leaflet-zoom-anim/)
  }

  /** Zooms out as far as the map goes (all of Germany and more in view), without refining. */
  async zoomOutFully(): Promise<void> {
    await this.moveSearch.uncheck()
    for (let n = 0; n < 14 && (await this.zoomOut.getAttribute('aria-disabled')) !== 'true'; n++) {
      try {
        await this.zoomOut.click({ timeout: 5000 })
      } catch (error) {
        // The last step's zoom may end just after the check above: the button is then disabled
        // (seen once in CI, under load), which is where this was going.
        if ((await this.zoomOut.getAttribute('aria-disabled')) === 'true') break
        throw error
      }
      await this.zoomSettled()
    }
    await expect(this.zoomOut).toHaveAttribute('aria-disabled', 'true')
  }

  /**
   * The stations the map shows in view: cluster counts plus single stations plus the page's numbered
   * hits (the clusters hold the other matches, so that no station is drawn twice).
   */
  async clusteredCount(): Promise<number> {
    const names = await this.region
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => button.getAttribute('aria-label') ?? button.getAttribute('title') ?? ''),
      )
    let total = 0
    for (const name of names) {
      const cluster = CLUSTER_NAME.exec(name)
      if (cluster) total += Number(cluster[1]!.replaceAll('.', ''))
      else if (name && !CONTROL_NAMES.has(name)) total += 1
    }
    return total
  }
}
