import type { ShowSummary } from "@shared/shows";
import { ShowLinkList } from "./show-link-list";
import { ShowPanel } from "./show-panel";

/** The artist's other upcoming shows, each a link to its page. */
export function MoreByArtist({ artistName, shows }: { artistName: string; shows: readonly ShowSummary[] }) {
  return (
    <ShowPanel title={`More shows by ${artistName}`}>
      {shows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No upcoming shows by {artistName} yet. Check back soon.</p>
      ) : (
        <ShowLinkList shows={shows} />
      )}
    </ShowPanel>
  );
}
