/**
 * The submit button of a form a click already applies with JavaScript: shown only without it
 * (no-script.css), so it never moves what is around it when the script takes over.
 */
export function PlainSubmit({ children }: { children: string }) {
  return (
    <button type="submit" className="button-secondary plain-submit">
      {children}
    </button>
  )
}
