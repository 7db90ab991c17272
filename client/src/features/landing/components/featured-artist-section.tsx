import { ArrowRight, ExternalLink } from "lucide-react";
import { Link } from "wouter";
import type { FeaturedArtist } from "@shared/featured-artists";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LandingSection, SectionHeading } from "./section-heading";

const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)(\?|#|$)/i;

/** A video file plays in place; any other link (a video page) opens in a new tab. */
function ArtistVideo({ url, artistName }: { url: string; artistName: string }) {
  if (VIDEO_FILE.test(url)) {
    return (
      // Artists' videos are links to files without caption tracks; the platform stores none.
      // eslint-disable-next-line jsx-a11y/media-has-caption
      <video
        controls
        preload="metadata"
        src={url}
        aria-label={`Video of ${artistName}`}
        className="aspect-video w-full rounded-lg border bg-black"
      />
    );
  }
  return (
    <Button asChild variant="outline">
      <a href={url} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        Watch Video
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}

/** Shown only when an artist is active (the page passes null otherwise). */
export function FeaturedArtistSection({ artist }: { artist: FeaturedArtist | null | undefined }) {
  if (!artist) return null;
  return (
    <LandingSection labelledBy="featured-artist-heading" className="bg-gradient-to-b from-primary/5 to-transparent">
      <SectionHeading id="featured-artist-heading" eyebrow="Spotlight" title="Community Featured Artist of the Month" />
      <article className="mt-10 grid items-center gap-8 overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        {/* Inset from 768 px, so a text column taller than the photo leaves an even frame around it. */}
        <div className="md:p-6 md:pr-0">
          <img
            src={artist.imageUrl}
            alt={artist.artistName}
            width={600}
            height={600}
            loading="lazy"
            decoding="async"
            // Height follows the width (never the text column's height), so the photo stays square.
            className="aspect-square h-auto w-full object-cover md:rounded-xl"
          />
        </div>
        <div className="flex flex-col items-start gap-4 p-6 md:py-10 md:pr-10 md:pl-0">
          <Badge>Artist of the Month</Badge>
          <h3 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">{artist.artistName}</h3>
          <p className="text-sm font-medium text-primary">Featured for {artist.month}</p>
          {artist.bio && <p className="leading-relaxed text-muted-foreground">{artist.bio}</p>}
          {artist.songUrl && (
            <div className="w-full">
              <p id="featured-song-label" className="mb-2 text-sm font-medium">
                Listen to {artist.artistName}
              </p>
              {/* A song has no speech to caption; the platform stores no caption tracks. */}
              {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
              <audio
                controls
                preload="none"
                src={artist.songUrl}
                aria-labelledby="featured-song-label"
                className="w-full"
              >
                <a href={artist.songUrl}>Download the song</a>
              </audio>
            </div>
          )}
          {artist.videoUrl && <ArtistVideo url={artist.videoUrl} artistName={artist.artistName} />}
          <Button asChild className="mt-2">
            <Link href="/artists">
              View All Artists
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </article>
    </LandingSection>
  );
}
