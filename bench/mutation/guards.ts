// The guard modules Stryker mutates (issue 17) and the test files that cover them. A guard is named
// by its declarations rather than line numbers, so the list keeps pointing at the right code while
// those files change: the ranges are worked out from the source each run.
import { readFileSync } from "node:fs";
import ts from "typescript";

export interface Guard {
  file: string;
  /** Only these top-level functions or constants; the whole file when absent. */
  only?: string[];
  /** The whole file but these top-level declarations (texts and labels, not logic). */
  except?: string[];
  /** Only the `if` statements whose condition calls this check (a guard inside a larger use-case). */
  ifCalling?: string;
}

export const GUARDS: Guard[] = [
  // Admin and session checks.
  { file: "app/modules/accounts/require-user.server.ts" },
  {
    file: "app/modules/accounts/get-current-user.server.ts",
    // With the direct session read (ADR 051): the cookie's signature, the session's life, and
    // the answer both ways give (admin, the absolute limit).
    only: [
      "signedInRecently",
      "isAdminUser",
      "getCurrentUser",
      "answerFor",
      "signedToken",
      "readSessionDirectly",
    ],
  },
  // A recent sign-in before deleting the account, changing the e-mail, two-factor, sessions.
  { file: "app/modules/accounts/delete-account.server.ts", ifCalling: "signedInRecently" },
  { file: "app/modules/accounts/two-factor.server.ts", ifCalling: "signedInRecently" },
  { file: "app/modules/accounts/change-email.server.ts", ifCalling: "signedInRecently" },
  { file: "app/modules/accounts/change-password.server.ts", ifCalling: "signedInRecently" },
  // Redirects after sign-in.
  { file: "app/modules/accounts/accounts.schema.ts", only: ["safeRedirect"] },
  // Rate limits.
  { file: "app/lib/rate-limit.server.ts" },
  { file: "app/lib/client-ip.server.ts", only: ["clientKey", "expandIPv6"] },
  { file: "app/modules/accounts/rate-limits.server.ts" },
  // Checkout validation.
  { file: "app/modules/checkout/checkout.schema.ts", except: ["MESSAGES"] },
  // The checks at submit and while taking stock; not the retry and payment bookkeeping.
  {
    file: "app/flows/place-order.server.ts",
    only: ["placeOrder", "prefixCard", "reserveAndCreate"],
  },
  // Order status.
  { file: "app/modules/orders/order-status.ts", except: ["STATUS_LABELS", "ORDER_STATUSES"] },
  { file: "app/modules/orders/change-order-status.server.ts" },
  // Unsubscribe and consent.
  { file: "app/modules/waitlist/confirm-contact.server.ts" },
  { file: "app/modules/waitlist/contact-links.server.ts", only: ["readConfirmToken"] },
  { file: "app/modules/waitlist/unsubscribe-contact.server.ts" },
  { file: "app/modules/growing-tips/tips-opt-out.server.ts" },
  { file: "app/modules/reminders/stop-sms-reminders.server.ts" },
  // Cross-site requests.
  { file: "server/middleware/origin-check.ts" },
];

/**
 * The tests Stryker runs: the focused `*.guards.test.ts` files and the guard modules' own test
 * files. The long journey files (sign-up, profile, the waitlist form) also pass through some
 * guards, but a surviving mutant runs every file that covers it, and with them a full run took
 * hours on this two-core machine; what they would catch has a guard test instead. Vitest's
 * related mode narrows each run to the files that import the mutated module.
 */
export const GUARD_TESTS = [
  "**/*.guards.test.ts",
  "app/lib/rate-limit.server.test.ts",
  "app/lib/client-ip.server.test.ts",
  "app/modules/accounts/safe-redirect.test.ts",
  "tests/integration/admin-access.test.ts",
  "tests/integration/growing-tips-links.test.ts",
  "app/flows/place-order.server.test.ts",
  "app/flows/place-order-stripe.server.test.ts",
  "app/modules/orders/change-order-status.server.test.ts",
  "app/modules/waitlist/confirm-contact.server.test.ts",
  // Confirming decides a referral and tells the CRM: these files check both.
  "app/modules/waitlist/referrals.server.test.ts",
  "app/modules/waitlist/sync-contact-to-crm.server.test.ts",
];

/** Stryker `mutate` entries (`file:startLine:startColumn-endLine:endColumn`) for the guards. */
export function guardRanges(guards: Guard[] = GUARDS): string[] {
  return guards.flatMap((guard) => {
    if (!guard.only && !guard.except && !guard.ifCalling) return [guard.file];
    const source = ts.createSourceFile(
      guard.file,
      readFileSync(guard.file, "utf8"),
      ts.ScriptTarget.Latest,
      true,
    );
    const nodes = guard.only
      ? namedDeclarations(source, guard.only, guard.file)
      : guard.except
        ? otherStatements(source, guard.except)
        : ifStatementsCalling(source, guard.ifCalling!, guard.file);
    return nodes.map((node) => `${guard.file}:${range(source, node)}`);
  });
}

const declaredNames = (statement: ts.Statement): string[] =>
  ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)
    ? [statement.name?.text ?? ""]
    : ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.flatMap((d) =>
          ts.isIdentifier(d.name) ? [d.name.text] : [],
        )
      : [];

function otherStatements(source: ts.SourceFile, except: string[]): ts.Node[] {
  return source.statements.filter(
    (s) => !ts.isImportDeclaration(s) && !declaredNames(s).some((name) => except.includes(name)),
  );
}

function namedDeclarations(source: ts.SourceFile, names: string[], file: string): ts.Node[] {
  const found = new Map<string, ts.Node>();
  for (const statement of source.statements)
    for (const name of declaredNames(statement)) found.set(name, statement);
  return names.map((name) => {
    const node = found.get(name);
    // A renamed guard must not quietly drop out of the score.
    if (!node)
      throw new Error(`${file} no longer declares ${name}: update bench/mutation/guards.ts`);
    return node;
  });
}

function ifStatementsCalling(source: ts.SourceFile, check: string, file: string): ts.Node[] {
  const found: ts.Node[] = [];
  const calls = (node: ts.Node): boolean =>
    (ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === check) ||
    (ts.forEachChild(node, (child) => calls(child) || undefined) ?? false);
  const visit = (node: ts.Node) => {
    if (ts.isIfStatement(node) && calls(node.expression)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (found.length === 0) throw new Error(`${file} no longer calls ${check} in an if statement`);
  return found;
}

/** Stryker's range: 1-based lines, 0-based columns, the end exclusive. */
function range(source: ts.SourceFile, node: ts.Node): string {
  const start = source.getLineAndCharacterOfPosition(node.getStart(source));
  const end = source.getLineAndCharacterOfPosition(node.getEnd());
  return `${start.line + 1}:${start.character}-${end.line + 1}:${end.character}`;
}
