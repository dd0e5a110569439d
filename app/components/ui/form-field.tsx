// One labelled input with its error text wired up for screen readers (aria-invalid,
// aria-describedby), used by every accounts form.
import type { InputHTMLAttributes, ReactNode } from "react";

export function FormField({
  id,
  label,
  error,
  hint,
  children,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {children ?? (
        <input
          id={id}
          className="min-h-11 rounded-xl border border-ink/20 bg-white px-4 py-2 text-base aria-invalid:border-clay-dark"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...input}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-clay-dark">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level message: errors are announced at once, notices politely. */
export function FormMessage({
  tone,
  children,
}: {
  tone: "error" | "success";
  children: ReactNode;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl px-4 py-3 text-sm font-medium ${
        tone === "error" ? "bg-clay/10 text-clay-dark" : "bg-leaf/10 text-leaf-dark"
      }`}
    >
      {children}
    </div>
  );
}
