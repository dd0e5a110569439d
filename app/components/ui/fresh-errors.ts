// A refused form's field errors, less those of the fields changed since (issue 39): a message
// under a field the person has already put right is stale, and says the wrong thing. The errors
// come back with the next answer; `answer` is that answer (the route's actionData), so a new one
// shows its errors whole again. Put `onChange` on the <Form> (it hears every field's changes).
import { useState, type FormEvent } from "react";

export function useFreshErrors(
  errors: Record<string, string>,
  answer: unknown,
): { errors: Record<string, string>; onChange: (event: FormEvent<HTMLFormElement>) => void } {
  const [edited, setEdited] = useState<{ answer: unknown; names: ReadonlySet<string> }>({
    answer,
    names: new Set(),
  });
  const names = edited.answer === answer ? edited.names : new Set<string>();
  return {
    errors: Object.fromEntries(Object.entries(errors).filter(([name]) => !names.has(name))),
    onChange: (event) => {
      const name = (event.target as HTMLInputElement).name;
      if (!name || !errors[name] || names.has(name)) return;
      setEdited({ answer, names: new Set(names).add(name) });
    },
  };
}
