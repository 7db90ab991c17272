import { Search } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { OUTBOX_SEARCH_MAX, OUTBOX_STATUSES, type OutboxStatus } from "@shared/outbox";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

const FILTERS: { value: OutboxStatus | null; label: string }[] = [
  { value: null, label: "All" },
  ...OUTBOX_STATUSES.map((status) => ({ value: status, label: status.charAt(0).toUpperCase() + status.slice(1) })),
];

/**
 * The search by recipient or subject (sent with Enter or "Search", as at the door; emptying the
 * box shows everything again), then the status filter.
 */
export function OutboxFilters({
  status,
  onStatus,
  onSearch,
}: {
  status: OutboxStatus | null;
  onStatus(status: OutboxStatus | null): void;
  onSearch(search: string): void;
}) {
  const searchId = useId();
  const [draft, setDraft] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <div className="grid gap-3">
      <form role="search" aria-label="Search the outbox" className="grid max-w-lg gap-1.5" onSubmit={submit}>
        <Label htmlFor={searchId}>Recipient or subject</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={searchId}
            type="search"
            value={draft}
            maxLength={OUTBOX_SEARCH_MAX}
            placeholder="Name, address or code"
            autoComplete="off"
            className="min-w-0 flex-1 basis-48"
            onChange={(event) => {
              setDraft(event.target.value);
              if (event.target.value.trim() === "") onSearch("");
            }}
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>
      <div role="group" aria-label="Show messages" className="flex flex-wrap gap-2">
        {FILTERS.map(({ value, label }) => (
          <Button
            key={label}
            type="button"
            size="sm"
            variant={status === value ? "default" : "outline"}
            aria-pressed={status === value}
            onClick={() => onStatus(value)}
          >
            {label}
          </Button>
        ))}
      </div>
    </div>
  );
}
