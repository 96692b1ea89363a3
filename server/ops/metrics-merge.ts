// One scrape for the whole server: the expositions of every serving process (workers.ts) become one,
// each sample labelled with the process it came from. Every metric family keeps one HELP and TYPE
// line, with the samples of all processes beneath it, as the text format requires.

export interface ProcessExposition {
  /** The `process` label: the process's role and place, stable across its restarts ("writer", "follower-1"). */
  process: string
  text: string
}

interface Family {
  header: string[]
  samples: string[]
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (.*)$/

function labelled(line: string, process: string): string {
  const match = SAMPLE.exec(line)
  if (!match) return line
  const [, name, labels, value] = match
  const label = `process="${process.replace(/["\\\n]/g, '')}"`
  const rest = labels ? labels.slice(1, -1) : ''
  return `${name}{${label}${rest ? `,${rest}` : ''}} ${value}`
}

export function mergeExpositions(parts: ProcessExposition[]): string {
  const families = new Map<string, Family>()
  for (const { process, text } of parts) {
    let current: Family | undefined
    for (const line of text.split('\n')) {
      if (line === '') continue
      const help = /^# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) /.exec(line)
      if (help) {
        const name = help[1]!
        current = families.get(name)
        if (!current) {
          current = { header: [line], samples: [] }
          families.set(name, current)
        }
        continue
      }
      if (line.startsWith('# TYPE ')) {
        if (current && current.header.length === 1) current.header.push(line)
        continue
      }
      current?.samples.push(labelled(line, process))
    }
  }
  const lines: string[] = []
  for (const family of families.values()) lines.push(...family.header, ...family.samples)
  return `${lines.join('\n')}\n`
}
