import { useId, useState } from "react";
import type { UnmatchedCode } from "@shared/royalty-imports";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { errorMessage } from "@/lib/api-request";
import { useAssignCode, useCatalogueSearch } from "../api";
import { formatCount as count } from "../format";

/**
 * Assigns an unmatched code: an ISRC to one of the catalogue's tracks, else a UPC to a release,
 * picked by searching the catalogue (pre-filled with the report's title; every word typed must
 * match, in any order). Its waiting lines, and every later report's, then match.
 */
export function AssignCodeDialog({ code }: { code: UnmatchedCode }) {
  const searchId = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState(code.title ?? "");
  const search = useCatalogueSearch(open ? q : "");
  const assign = useAssignCode();
  const byIsrc = code.isrc !== null;

  function choose(targetId: string, name: string) {
    const body = byIsrc ? { isrc: code.isrc!, trackId: targetId } : { upc: code.upc!, releaseId: targetId };
    assign.mutate(body, {
      onSuccess: ({ matched }) => {
        toast({
          title: `${byIsrc ? code.isrc : code.upc} assigned to ${name}`,
          description: `${count(matched)} ${matched === 1 ? "line" : "lines"} matched`,
        });
        setOpen(false);
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="self-start">
          Assign <span className="sr-only">{code.isrc ?? code.upc}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign {byIsrc ? `ISRC ${code.isrc}` : `UPC ${code.upc}`}</DialogTitle>
          <DialogDescription>
            Choose the {byIsrc ? "track" : "release"} these lines earned for; later reports with this code match it too.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <label htmlFor={searchId} className="text-sm font-medium">
            Search the catalogue
          </label>
          <Input id={searchId} type="search" value={q} onChange={(event) => setQ(event.target.value)} />
        </div>
        <div role="status" aria-live="polite" className="text-sm">
          {q.trim().length < 2 && <p className="text-muted-foreground">Type at least two letters.</p>}
          {search.isFetching && <p className="text-muted-foreground">Searching…</p>}
          {search.isError && <p className="text-destructive">{errorMessage(search.error, "The search failed")}</p>}
          {assign.isError && <p className="text-destructive">{errorMessage(assign.error, "Could not assign")}</p>}
          {search.data?.length === 0 && <p className="text-muted-foreground">Nothing in the catalogue matches.</p>}
        </div>
        <ul className="grid max-h-72 gap-2 overflow-y-auto">
          {search.data?.map((release) =>
            byIsrc ? (
              release.tracks.map((track) => (
                <li key={track.id}>
                  <Button
                    variant="ghost"
                    className="h-auto w-full justify-start whitespace-normal text-left"
                    disabled={assign.isPending}
                    onClick={() => choose(track.id, track.title)}
                  >
                    {track.title}{" "}
                    <span className="text-muted-foreground">
                      · {release.title} · {track.isrc}
                    </span>
                  </Button>
                </li>
              ))
            ) : (
              <li key={release.id}>
                <Button
                  variant="ghost"
                  className="h-auto w-full justify-start whitespace-normal text-left"
                  disabled={assign.isPending}
                  onClick={() => choose(release.id, release.title)}
                >
                  {release.title}{" "}
                  <span className="text-muted-foreground">
                    · {release.artist} · {release.upc}
                  </span>
                </Button>
              </li>
            ),
          )}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
