import { documentToReactComponents } from '@contentful/rich-text-react-renderer'
import type { RichTextField } from './content-types.ts'
import { richTextOptions } from './rich-text-options.tsx'

/** A Contentful rich-text field with its links: pages, notices, and text embedded in them. */
export function RichText({ field }: { field: RichTextField }) {
  if (field.json?.nodeType !== 'document') return null
  return (
    <div className="rich-text">
      {documentToReactComponents(field.json, {
        ...richTextOptions(field.json, field.links),
        stripEmptyTrailingParagraph: true,
      })}
    </div>
  )
}
