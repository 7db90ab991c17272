import { useState } from "react";
import { Search, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SAMPLE_MUSICIANS, filterMusicians } from "../../data/session";
import { formatDollars, previewToast } from "../../preview";

/** The hire tab: a search field and the sample musicians. */
export function MusicianList() {
  const [search, setSearch] = useState("");
  const musicians = filterMusicians(SAMPLE_MUSICIANS, search);
  return (
    <div className="grid gap-6">
      <div className="relative max-w-md">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search musicians"
          placeholder="Search by name, specialty or instrument"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      {musicians.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No musicians match "{search.trim()}".
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {musicians.map((musician) => (
            <li key={musician.id} className="flex flex-col gap-4 rounded-lg border bg-card p-5 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold">{musician.name}</h2>
                  <p className="text-sm text-muted-foreground">{musician.specialty}</p>
                </div>
                <p
                  className="flex shrink-0 items-center gap-1 text-sm font-medium"
                  aria-label={`Rated ${musician.rating.toFixed(1)} out of 5`}
                >
                  <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
                  {musician.rating.toFixed(1)}
                </p>
              </div>
              <ul className="flex flex-wrap gap-2" aria-label="Instruments">
                {musician.instruments.map((instrument) => (
                  <li key={instrument}>
                    <Badge variant="secondary">{instrument}</Badge>
                  </li>
                ))}
              </ul>
              <div className="mt-auto flex items-center justify-between gap-3">
                <p>
                  <span className="text-xl font-bold">{formatDollars(musician.rate)}</span>
                  <span className="text-sm text-muted-foreground">/hour</span>
                </p>
                {/* The name starts with what the button shows, so "click Hire Now" works by voice. */}
                <Button type="button" onClick={() => previewToast("Hiring a session musician")}>
                  Hire Now<span className="sr-only">: {musician.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
