import { documentToReactComponents } from '@contentful/rich-text-react-renderer'
import type { RichTextField } from './content-types.ts'
import { richTextOptions } from './rich-text-options.tsx'

/**
 * A Contentful rich-text field with its links: pages, notices, and text embedded in them. `lang`:
 * the text's language where it is not the page's.
 */
export function RichText({ field, lang }: { field: RichTextField; lang?: string }) {
  if (field.json?.nodeType !== 'document') return null
  return (
    <div className="rich-text" lang={lang}>
      {documentToReactComponents(field.json, {
        ...richTextOptions(field.json, field.links),
        stripEmptyTrailingParagraph: true,
      })}
    </div>
  )
}
