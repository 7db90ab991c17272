import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * A list's search box and, for screen readers, how many rows it found: the list below is
 * replaced as one types, which a reader does not hear, so the count stays mounted and polite
 * while its words change.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  count,
  one,
  many,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  count: number | undefined;
  one: string;
  many: string;
}) {
  const id = useId();
  const searching = value.trim() !== "";
  const words =
    searching && count !== undefined ? `${count.toLocaleString("en-US")} ${count === 1 ? one : many} found` : "";
  return (
    <>
      <div className="mb-4 grid max-w-md gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
        />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {words}
      </p>
    </>
  );
}
