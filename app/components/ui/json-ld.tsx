// A schema.org JSON-LD <script> for search engines: the page's nonce lets it past the CSP, and
// "<" is escaped so no string in the data can close the script early.
import { useNonce } from "#app/lib/nonce.ts";

export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
