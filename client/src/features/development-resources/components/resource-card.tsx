import { BookOpen, Clock, Download, ExternalLink, Play } from "lucide-react";
import type { DevelopmentResource } from "@shared/development-resources";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { titleCase } from "../labels";

export type ResourceCardData = Pick<
  DevelopmentResource,
  | "id"
  | "title"
  | "description"
  | "category"
  | "resourceType"
  | "contentUrl"
  | "embedUrl"
  | "thumbnailUrl"
  | "downloadUrl"
  | "duration"
>;

const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

/** Where View goes: the content page, or for a video that only has a player, that player. */
export function viewUrl({ contentUrl, embedUrl }: Pick<ResourceCardData, "contentUrl" | "embedUrl">): string | null {
  return contentUrl || embedUrl || null;
}

/**
 * The embedded frame when there is an embedUrl, otherwise the thumbnail. Only a video gets a
 * play overlay (a guide or a template is read, not played). The frame is sandboxed:
 * third-party players get scripts, but never this page's cookies, top navigation or forms.
 */
function ResourceMedia({ resource }: { resource: ResourceCardData }) {
  const { title, embedUrl, thumbnailUrl, contentUrl, resourceType } = resource;
  if (embedUrl) {
    return (
      <iframe
        src={embedUrl}
        title={title}
        loading="lazy"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        allow="encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        className="aspect-video w-full border-0 bg-muted"
      />
    );
  }
  if (!thumbnailUrl) {
    return (
      <div
        aria-hidden="true"
        className="flex aspect-video w-full items-center justify-center bg-muted text-muted-foreground"
      >
        <BookOpen className="size-10" />
      </div>
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-muted">
      <img src={thumbnailUrl} alt={title} loading="lazy" className="size-full object-cover" />
      {resourceType === "video" && contentUrl && (
        <a
          href={contentUrl}
          {...NEW_TAB}
          aria-label={`Play ${title}`}
          data-testid="play-overlay"
          className="group absolute inset-0 flex items-center justify-center bg-black/30 outline-hidden transition-colors hover:bg-black/45 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-white/90 text-black shadow-lg transition-transform group-hover:scale-105">
            <Play aria-hidden="true" className="ml-0.5 size-6 fill-current" />
          </span>
        </a>
      )}
    </div>
  );
}

export function ResourceCard({ resource }: { resource: ResourceCardData }) {
  const { title, description, resourceType, category, duration, downloadUrl } = resource;
  const view = viewUrl(resource);
  return (
    <Card className="flex flex-col overflow-hidden">
      <ResourceMedia resource={resource} />
      <CardHeader className="gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <CardTitle asChild className="text-lg">
            <h3>{title}</h3>
          </CardTitle>
          <Badge variant="secondary">{titleCase(resourceType)}</Badge>
        </div>
        {description && <p className="line-clamp-2 text-sm text-muted-foreground">{description}</p>}
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3 px-4 pb-4">
        <Badge variant="outline">{titleCase(category)}</Badge>
        {duration != null && (
          <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
            <Clock aria-hidden="true" className="size-4" />
            {duration} min
          </span>
        )}
      </CardContent>
      <CardFooter className="mt-auto gap-2 px-4 pb-4">
        {view && (
          <Button asChild size="sm" className="flex-1">
            <a href={view} {...NEW_TAB} aria-label={`View ${title}`}>
              <ExternalLink aria-hidden="true" />
              View
            </a>
          </Button>
        )}
        {downloadUrl && (
          <Button asChild size="sm" variant="outline" className="flex-1">
            <a href={downloadUrl} {...NEW_TAB} aria-label={`Download ${title}`}>
              <Download aria-hidden="true" />
              Download
            </a>
          </Button>
        )}
        {!view && !downloadUrl && (
          // Nothing to open yet: say so rather than leave a card with no way forward.
          <p className="text-sm text-muted-foreground">Coming soon: no link has been added yet.</p>
        )}
      </CardFooter>
    </Card>
  );
}
