// Whether a value is one of a fixed list of words (a region, a month, a reminder's frequency, a
// legal page): one type guard, made from the list itself, instead of one hand-written per list.

export function oneOf<const T extends readonly string[]>(list: T) {
  return (value: unknown): value is T[number] =>
    typeof value === "string" && (list as readonly string[]).includes(value);
}
