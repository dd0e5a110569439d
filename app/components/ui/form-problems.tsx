// What a refused form (the admin pages' first) says at its top (issue 39, one error pattern): with
// field errors, the error summary (each message a link to its field, which says it too; it takes
// focus, by autofocus before JavaScript); with none, the refusal's one message. Never both: a
// message shows in the summary and at its field, not a third time above.
import { ErrorSummary } from "./error-summary.tsx";

type Errors = Readonly<Record<string, string | undefined>> | null | undefined;

/** Whether an answer names a field: then the summary speaks for it, not the form's message. */
export const hasFieldErrors = (errors: Errors): boolean =>
  Boolean(errors && Object.values(errors).some(Boolean));

export function FormProblems({
  error,
  fieldErrors,
  fieldIds,
  className,
}: {
  /** The refusal's message, said when no field is named. */
  error?: string | null;
  fieldErrors?: Errors;
  /** A field's element id where it isn't its name. */
  fieldIds?: Readonly<Record<string, string>>;
  className?: string;
}) {
  if (hasFieldErrors(fieldErrors))
    return (
      <div className={className}>
        <ErrorSummary errors={fieldErrors} fieldIds={fieldIds} />
      </div>
    );
  return error ? (
    <p role="alert" className={`font-semibold text-clay-dark ${className ?? ""}`}>
      {error}
    </p>
  ) : null;
}
