import { Link } from "wouter";
import { useUnmatchedCodes } from "../api";
import { formatCount as count } from "../format";

/**
 * How many report lines wait to be matched, with the way to the Unmatched page: refreshed after
 * every import, removal and assignment (they invalidate the unmatched codes).
 */
export function UnmatchedSummary() {
  const codes = useUnmatchedCodes();
  if (!codes.data) return null;
  const lines = codes.data.reduce((total, code) => total + code.lines, 0);
  if (lines === 0) return <p className="text-sm text-muted-foreground">Every imported line is matched.</p>;
  return (
    <p className="text-sm">
      {count(lines)} {lines === 1 ? "line waits" : "lines wait"} under {count(codes.data.length)}{" "}
      {codes.data.length === 1 ? "code" : "codes"}:{" "}
      <Link href="/admin/unmatched" className="font-medium underline underline-offset-2">
        assign them on the Unmatched page
      </Link>
    </p>
  );
}
