// One person, many spellings of their address (issue 22): lower-case, any +tag dropped, and for
// Gmail (gmail.com, googlemail.com) the dots dropped too. A friend whose address normalises to
// the referrer's is the referrer.
const GMAIL = new Set(["gmail.com", "googlemail.com"]);

export function normaliseAddress(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const bare = local.split("+")[0] ?? "";
  if (GMAIL.has(domain)) return `${bare.replaceAll(".", "")}@gmail.com`;
  return `${bare}@${domain}`;
}

export const samePerson = (a: string, b: string) => normaliseAddress(a) === normaliseAddress(b);
