/**
 * Long single-line text in a table cell (receipts, references): cut with an ellipsis at a max
 * width, the whole text in the tooltip and still in the accessible name.
 */
export function TruncatedText({ text }: { text: string }) {
  if (!text) return null;
  return (
    <span className="truncate" title={text}>
      {text}
    </span>
  );
}
