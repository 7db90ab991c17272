import { Eye, Radio } from "lucide-react";
import type { LiveStreamPlatforms, PublicLiveStream } from "@shared/live-streams";
import { Badge } from "@/components/ui/badge";

const PLATFORMS: { key: keyof LiveStreamPlatforms; label: string; dot: string }[] = [
  { key: "facebook", label: "Facebook", dot: "bg-blue-500" },
  { key: "instagram", label: "Instagram", dot: "bg-pink-500" },
  { key: "tiktok", label: "TikTok", dot: "bg-cyan-400" },
  { key: "rumble", label: "Rumble", dot: "bg-lime-500" },
];

const viewers = new Intl.NumberFormat("en-US");

const handle = (username: string) => (username.startsWith("@") ? username : `@${username}`);

/** Embedded player, else the stream's own video, else a placeholder. */
function Player({ stream }: { stream: PublicLiveStream }) {
  if (stream.embedUrl) {
    return (
      <iframe
        src={stream.embedUrl}
        title={stream.title}
        // The player is another site's page: it may run its scripts but not navigate this page.
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        className="size-full border-0"
      />
    );
  }
  if (stream.streamUrl) {
    return (
      <video
        controls
        autoPlay
        muted
        playsInline
        src={stream.streamUrl}
        poster={stream.thumbnailUrl ?? undefined}
        aria-label={stream.title}
        className="size-full bg-black object-contain"
      />
    );
  }
  // Neutral on purpose: a thumbnail is artwork made for the schedule and may say "soon" or
  // show a date, which would contradict the LIVE NOW heading above it.
  return (
    <div
      data-testid="live-placeholder"
      className="grid size-full place-items-center bg-[radial-gradient(circle_at_center,_#292524,_#0c0a09_70%)] text-stone-100"
    >
      <div className="flex flex-col items-center gap-3 px-6 text-center">
        <span
          aria-hidden="true"
          className="relative flex size-14 items-center justify-center rounded-full bg-red-600/15 ring-1 ring-red-500/40"
        >
          <span className="absolute inset-0 rounded-full bg-red-500/20 motion-safe:animate-ping" />
          <Radio className="relative size-7 text-red-400" />
        </span>
        <p className="text-sm font-medium sm:text-base">The stream is starting. Stay tuned.</p>
      </div>
    </div>
  );
}

/** The LIVE NOW block: rendered only while the current stream's status is live. */
export function LiveNowSection({ stream }: { stream: PublicLiveStream | null | undefined }) {
  if (stream?.status !== "live") return null;
  const platforms = PLATFORMS.filter(({ key }) => stream.platforms[key]);
  return (
    <section aria-labelledby="live-now-heading" className="py-10 sm:py-14">
      <div className="mx-auto max-w-6xl px-4">
        <div className="overflow-hidden rounded-2xl border border-red-500/40 bg-card shadow-lg shadow-red-500/10">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4">
            <h2 id="live-now-heading" className="flex items-center gap-3 text-lg font-bold tracking-wide">
              <span aria-hidden="true" className="relative flex size-3">
                <span className="absolute inline-flex size-full rounded-full bg-red-500 opacity-75 motion-safe:animate-ping" />
                <span className="relative inline-flex size-3 rounded-full bg-red-600" />
              </span>
              LIVE NOW
            </h2>
            <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
              <Eye className="size-4" aria-hidden="true" />
              {viewers.format(stream.viewerCount)} watching
            </p>
          </div>
          <div className="aspect-video w-full bg-black">
            <Player stream={stream} />
          </div>
          <div className="flex flex-col gap-3 p-5 sm:p-6">
            <h3 className="font-display text-2xl font-bold tracking-tight">{stream.title}</h3>
            {stream.description && <p className="text-muted-foreground">{stream.description}</p>}
            {platforms.length > 0 && (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-muted-foreground">Also streaming on</span>
                <ul className="flex flex-wrap gap-2" aria-label="Streaming platforms">
                  {platforms.map(({ key, label, dot }) => (
                    <li key={key}>
                      <Badge variant="outline" className="gap-1.5">
                        <span aria-hidden="true" className={`size-2 rounded-full ${dot}`} />
                        {key === "tiktok" && stream.tiktokUsername
                          ? `${label} ${handle(stream.tiktokUsername)}`
                          : label}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
