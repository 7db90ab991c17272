/**
 * How many rows a search found, for screen readers: the list below is replaced as one types,
 * which a reader does not hear, so this stays mounted and polite while its words change.
 */
export function SearchCount({
  searching,
  count,
  one,
  many,
}: {
  searching: boolean;
  count: number | undefined;
  one: string;
  many: string;
}) {
  const words =
    searching && count !== undefined ? `${count.toLocaleString("en-US")} ${count === 1 ? one : many} found` : "";
  return (
    <p role="status" aria-live="polite" className="sr-only">
      {words}
    </p>
  );
}
