// One thing an admin does on a record's page (a subscription, a gift): a form posting the page's
// request key, its intent, any fields, and its button. Each page's action parses it with zod;
// `ActError` says why the page refused it; a refusal naming this form's fields is the error
// summary at the form's top instead (issue 39), each message said at its field too.
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormProblems } from "#app/components/ui/form-problems.tsx";

export function ActForm({
  intent,
  submit,
  requestKey,
  busy,
  children,
  className,
  fieldErrors,
  fieldIds,
}: {
  intent: string;
  submit: string;
  requestKey: string;
  busy: boolean;
  children?: ReactNode;
  /** The form's layout; by default its fields and button in a wrapping row. */
  className?: string;
  /** This form's fields' messages when the page refused it (field name → message). */
  fieldErrors?: Readonly<Record<string, string | undefined>>;
  /** A field's element id where it isn't its name. */
  fieldIds?: Readonly<Record<string, string>>;
}) {
  return (
    <Form
      method="post"
      className={className ?? (children ? "flex flex-wrap items-end gap-2" : undefined)}
    >
      <FormProblems fieldErrors={fieldErrors} fieldIds={fieldIds} className="w-full" />
      <input type="hidden" name="requestKey" value={requestKey} />
      {children}
      <button type="submit" name="intent" value={intent} disabled={busy} className="btn-secondary">
        {submit}
      </button>
    </Form>
  );
}

/** Why the record's page refused what its admin did, said at once; nothing when it did not. */
export function ActError({ error }: { error?: string | null }) {
  return error ? (
    <p role="alert" className="mt-3 font-semibold text-clay-dark">
      {error}
    </p>
  ) : null;
}
