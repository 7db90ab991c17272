// Report amounts keep the six decimals distributors send (docs/decisions/033-royalty-money-rules.md),
// so formatMoney, which holds whole cents, cannot show them: this groups the text as it is.
const AMOUNT = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "1234.101800" → "$1,234.1018", "20.930000" → "$20.93": at least cents, no trailing zeros past them. */
export function formatReportAmount(amount: string): string {
  const match = AMOUNT.exec(amount.trim());
  if (!match) return amount;
  const [, minus, whole, fraction = ""] = match;
  const digits = fraction.replace(/0+$/, "").padEnd(2, "0");
  const grouped = whole.replace(/^0+(?=\d)/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${minus ?? ""}$${grouped}.${digits}`;
}

/** 12840 → "12,840". */
export const formatCount = (n: number) => n.toLocaleString("en-US");
