// One line of a money summary (subtotal, shipping, total): the label on the left, the amount on
// the right, the total in bold. Inside a <dl> (`term`) the two are its <dt> and <dd>.
export function TotalsRow({
  label,
  value,
  strong,
  term,
}: {
  label: string;
  value: string;
  strong?: boolean;
  term?: boolean;
}) {
  const [Label, Value] = term ? (["dt", "dd"] as const) : (["span", "span"] as const);
  return (
    <div className={`flex justify-between ${strong ? "text-lg font-bold" : ""}`}>
      <Label>{label}</Label>
      <Value>{value}</Value>
    </div>
  );
}
