import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { CHECK_IN_SEARCH_LIMIT, checkInSearchSchema, type CheckInSearchRow } from "@shared/check-ins";
import { StatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { showFieldErrors } from "@/lib/form-errors";
import { checkInSearchQuery } from "../api";

/** The search's own rule for the typed text (the event is the door's choice, not the form's). */
const buyerSearchSchema = checkInSearchSchema.pick({ q: true });
type BuyerSearchValues = { q: string };

/**
 * For a buyer without their code: find the order by the start of their e-mail, then admit its
 * next ticket (one person per tap).
 */
export function BuyerSearch({
  eventId,
  onAdmit,
  pending,
}: {
  eventId: string | null;
  onAdmit: (code: string) => void;
  pending: boolean;
}) {
  const form = useForm<BuyerSearchValues>({ resolver: zodResolver(buyerSearchSchema), defaultValues: { q: "" } });
  const draft = form.watch("q");
  const [query, setQuery] = useState("");
  const search = form.handleSubmit(() => setQuery(draft.trim()));
  // An empty field clears the results rather than asking for text.
  const submit = (event: FormEvent) => {
    if (draft.trim() === "") {
      event.preventDefault();
      return setQuery("");
    }
    return search(event);
  };
  return (
    <div className="grid gap-3">
      <Form {...form}>
        <form
          onSubmit={submit}
          noValidate
          role="search"
          aria-label="Find a ticket by buyer e-mail"
          className="grid gap-2"
        >
          <FormField
            control={form.control}
            name="q"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Buyer e-mail</FormLabel>
                <div className="flex flex-wrap gap-2">
                  <FormControl>
                    <Input
                      {...field}
                      type="search"
                      inputMode="email"
                      autoComplete="off"
                      className="min-w-0 flex-1 basis-48"
                    />
                  </FormControl>
                  <Button type="submit" variant="outline" disabled={draft.trim() === ""}>
                    <Search aria-hidden="true" />
                    Search
                  </Button>
                </div>
                <FormMessage />
              </FormItem>
            )}
          />
        </form>
      </Form>
      {query && (
        <Results
          query={query}
          eventId={eventId}
          onAdmit={onAdmit}
          pending={pending}
          onRefused={(error) => showFieldErrors(form, error)}
        />
      )}
    </div>
  );
}

function Results({
  query,
  eventId,
  onAdmit,
  pending,
  onRefused,
}: {
  query: string;
  eventId: string | null;
  onAdmit: (code: string) => void;
  pending: boolean;
  /** A search the server refused (a 400): its field errors go beside the field. */
  onRefused: (error: unknown) => void;
}) {
  const results = useQuery(checkInSearchQuery(query, eventId));
  const { error } = results;
  useEffect(() => {
    if (error) onRefused(error);
    // Told once per failed search, whatever the parent's callback is on this render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  if (results.isPending) return <p className="text-muted-foreground">Searching...</p>;
  if (results.isError) return <p role="alert">Could not search the orders.</p>;
  if (results.data.length === 0)
    return <p className="text-muted-foreground">No tickets for an e-mail starting with "{query}".</p>;
  return (
    <>
      <ul className="grid gap-2" aria-label="Matching orders">
        {results.data.map((row) => (
          <ResultRow key={row.confirmationCode} row={row} onAdmit={onAdmit} pending={pending} />
        ))}
      </ul>
      {results.data.length === CHECK_IN_SEARCH_LIMIT && (
        <p className="text-sm text-muted-foreground">
          Showing the first {CHECK_IN_SEARCH_LIMIT}: type more of the e-mail to narrow it down.
        </p>
      )}
    </>
  );
}

/** The order's status as the door acts on it: "used" once every ticket of it has been admitted. */
function doorStatus(row: CheckInSearchRow): string {
  return row.status === "confirmed" && row.checkedIn >= row.quantity ? "used" : row.status;
}

function ResultRow({
  row,
  onAdmit,
  pending,
}: {
  row: CheckInSearchRow;
  onAdmit: (code: string) => void;
  pending: boolean;
}) {
  const status = doorStatus(row);
  // Only a confirmed order with a ticket left can let someone in; the badge says why not.
  const admissible = status === "confirmed";
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 rounded-lg border bg-card/90 p-3">
      <div className="min-w-0">
        {/* A buyer without a name is named by their e-mail, once. */}
        <p className="font-medium break-words">{row.holderName ?? row.email}</p>
        {row.holderName && <p className="text-sm break-all text-muted-foreground">{row.email}</p>}
        <p className="text-sm break-words">
          <span className="font-mono">{row.confirmationCode}</span> · {row.quantity} × {row.eventName}
        </p>
        {row.checkedIn > 0 && (
          <p className="text-sm">
            {row.checkedIn} of {row.quantity} checked in
          </p>
        )}
      </div>
      <div className="flex flex-col items-end gap-2">
        <StatusBadge status={status} variant={admissible ? "default" : "outline"} />
        <Button
          type="button"
          size="sm"
          disabled={pending || !admissible}
          onClick={() => onAdmit(row.confirmationCode)}
          aria-label={`Admit ${row.confirmationCode}`}
        >
          Admit
        </Button>
      </div>
    </li>
  );
}
