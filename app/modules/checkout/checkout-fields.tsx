// The checkout's own labelled inputs and step fieldsets: every step draws its fields with these.
import type { ReactNode } from "react";
import type { FieldProps } from "#app/components/ui/form-field.tsx";

export const INPUT = "mt-1 block h-11 w-full rounded-lg border border-ink/25 bg-white px-3";
export const LABEL = "block text-sm font-semibold";

/** An invalid field points screen readers at its error text (and any hint). */
export const describedBy = (id: string, error?: string, hint?: ReactNode) => {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return {
    ...(error ? { "aria-invalid": true } : {}),
    ...(ids ? { "aria-describedby": ids } : {}),
  };
};

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-clay-dark">
      {error}
    </p>
  ) : null;
}

/** One labelled checkout input (its name is its id), its error and any note below it. */
export function Field({ id, label, error, hint, children, ...input }: FieldProps) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink/75">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={id}
        className={`${INPUT} scroll-mt-28`}
        {...describedBy(id, error, hint)}
        {...input}
      />
      <FieldError id={id} error={error} />
      {children}
    </div>
  );
}

/** One step of the form: shown while it is the current step, its heading takes focus on arrival. */
export function StepFieldset({
  step,
  current,
  title,
  className = "space-y-4",
  children,
}: {
  step: number;
  current: number;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset data-step={step} hidden={current !== step} className={className}>
      <legend tabIndex={-1} className="scroll-mt-28 text-2xl font-bold">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}
