// Rendered Markdown from our own content files (trusted, rendered on the server), styled by the
// .prose-patch rules in app.css.
export function ProseBody({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-patch ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
