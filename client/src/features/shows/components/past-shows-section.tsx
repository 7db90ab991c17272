import { useQuery } from "@tanstack/react-query";
import { pastShowsQuery } from "../api";
import { ShowLinkList } from "./show-link-list";

/**
 * The artist gallery's archive: every show that has happened, latest first, each linking to
 * its page. Left out while loading and when there are none; a failed load says so briefly.
 */
export function PastShowsSection({ inLayout = false }: { inLayout?: boolean }) {
  const query = useQuery(pastShowsQuery);
  if (query.isPending || (query.isSuccess && query.data.length === 0)) return null;
  return (
    <section aria-labelledby="past-shows-heading" className={inLayout ? "mt-12" : "mt-16"}>
      <h2
        id="past-shows-heading"
        className={
          inLayout
            ? "font-display text-2xl font-bold tracking-tight"
            : "font-display text-3xl font-bold tracking-tight sm:text-4xl"
        }
      >
        Past shows
      </h2>
      <p className={inLayout ? "mt-1 text-muted-foreground" : "mt-2 text-lg text-muted-foreground"}>
        Where our artists have played
      </p>
      <div className="mt-6">
        {query.isError ? (
          <p className="text-muted-foreground">The past shows could not be loaded right now.</p>
        ) : (
          <ShowLinkList shows={query.data} withArtist />
        )}
      </div>
    </section>
  );
}
