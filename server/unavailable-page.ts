// The page a member sees while the database is down or restarting (503 with Retry-After): the
// site's words, not the crash screen. Plain HTML with no scripts and nothing from the database, so
// it can always be made; the browser's reload after the wait finds the page again.
export const OUTAGE_RETRY_AFTER_S = 5;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function unavailablePage(brandName: string): string {
  const brand = escapeHtml(brandName);
  return `<!doctype html>
<html lang="en-NZ">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Back in a moment | ${brand}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#f7f3ea;color:#1f2a1f;display:grid;min-height:100vh;place-items:center}
main{max-width:32rem;padding:2rem;text-align:center}
h1{font-size:2rem;margin:0 0 1rem}
a{color:#2f5d3a;font-weight:600}
</style>
</head>
<body>
<main>
<h1>We'll be back in a moment</h1>
<p>${brand} is briefly unavailable while we sort something out. Nothing you've done is lost.</p>
<p>Please try again in a few seconds, or <a href="/">go to the home page</a>.</p>
</main>
</body>
</html>
`;
}
