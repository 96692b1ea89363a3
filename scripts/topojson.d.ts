// The two TopoJSON packages that only the basemap script uses ship no type declarations.
declare module 'topojson-server' {
  import type { Objects, Topology } from 'topojson-specification'
  export function topology(
    objects: Record<string, unknown>,
    quantization?: number,
  ): Topology<Objects<Record<string, unknown>>>
}

declare module 'topojson-simplify' {
  import type { Objects, Topology } from 'topojson-specification'

  type Topo = Topology<Objects<Record<string, unknown>>>
  export function presimplify(topology: Topo): Topo
  export function simplify(topology: Topo, minWeight?: number): Topo
  export function quantile(topology: Topo, p: number): number
}
