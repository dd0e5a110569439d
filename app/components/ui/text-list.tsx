// A list of short texts, one item each (a box's contents, the reasons for a choice, a password's
// problems), styled by each page. A text stands once in its list, so it is its own key.
export function TextList({ items, className }: { items: readonly string[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((text) => (
        <li key={text}>{text}</li>
      ))}
    </ul>
  );
}
