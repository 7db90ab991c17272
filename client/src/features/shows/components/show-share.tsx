import { CalendarPlus, Link2, Share2 } from "lucide-react";
import { showFeedPath } from "@shared/shows";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";

export interface SharedShow {
  id: string;
  /** "Nova Reign live at Pier 9, Sat, Jul 14, 2031" */
  text: string;
  /** The page's absolute address. */
  url: string;
}

export const shareOnXUrl = ({ text, url }: SharedShow) =>
  `https://x.com/intent/post?${new URLSearchParams({ text, url })}`;
export const shareOnFacebookUrl = ({ url }: SharedShow) =>
  `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Link copied", description: url });
  } catch {
    toast({ title: "Error", description: "The link could not be copied.", variant: "destructive" });
  }
}

/** The phone's share sheet, where there is one (a cancelled sheet is not an error). */
function canShareNatively(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

/** "Add to calendar" (the show's .ics) and the ways to pass the show on. */
export function ShowShare({ show, calendar }: { show: SharedShow; calendar: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {calendar && (
        <Button asChild>
          <a href={showFeedPath(show.id)} download>
            <CalendarPlus aria-hidden="true" />
            Add to calendar
          </a>
        </Button>
      )}
      {canShareNatively() && (
        <Button
          type="button"
          variant="outline"
          onClick={() => void navigator.share({ title: show.text, text: show.text, url: show.url }).catch(() => {})}
        >
          <Share2 aria-hidden="true" />
          Share
        </Button>
      )}
      <Button type="button" variant="outline" onClick={() => void copyLink(show.url)}>
        <Link2 aria-hidden="true" />
        Copy link
      </Button>
      <Button asChild variant="outline">
        <a href={shareOnXUrl(show)} {...external}>
          Share on X<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
      <Button asChild variant="outline">
        <a href={shareOnFacebookUrl(show)} {...external}>
          Share on Facebook<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    </div>
  );
}
