import { Link } from "wouter";
import { formatCount as count } from "../format";

/**
 * "3 unmatched" as a link to the Unmatched page, where those lines are assigned; plain text at
 * none. `bare` shows the number alone where a label already says "Unmatched" (the word stays
 * in the link's accessible name).
 */
export function UnmatchedLink({ lines, bare = false }: { lines: number; bare?: boolean }) {
  // The space stays outside the span: inside a hidden one it is dropped from the link's name.
  const word = (
    <>
      {" "}
      <span className={bare ? "sr-only" : undefined}>unmatched</span>
    </>
  );
  if (lines === 0) return <>0{word}</>;
  return (
    <Link href="/admin/unmatched" className="font-medium underline underline-offset-2">
      {count(lines)}
      {word}
    </Link>
  );
}
