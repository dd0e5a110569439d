// A moment as people in New Zealand read it (the admin pages' "placed", "date" and "changed at").
export function nzDateTime(at: Date | string): string {
  return new Date(at).toLocaleString("en-NZ", { timeZone: "Pacific/Auckland" });
}
