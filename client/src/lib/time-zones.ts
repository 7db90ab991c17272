// The IANA time zones a venue can be in, for the admin dialogs' time zone select.
import { viewerTimeZone } from "@shared/dates";

/** The zone of this browser ("America/New_York"), the natural default for a new show or event. */
export const browserTimeZone = viewerTimeZone;

export interface TimeZoneGroup {
  /** "America", "Europe", … or "Other" for UTC and the like. */
  region: string;
  zones: string[];
}

let cached: string[] | undefined;

/** Every zone the browser knows, plus UTC (some browsers leave it out of the list). */
function allTimeZones(): string[] {
  cached ??= [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])];
  return cached;
}

/**
 * The zones grouped by region, with `current` always among them (a zone saved by another
 * browser that this one does not list still shows and stays selected).
 */
export function timeZoneGroups(current?: string): TimeZoneGroup[] {
  const zones = current && !allTimeZones().includes(current) ? [...allTimeZones(), current] : allTimeZones();
  const groups = new Map<string, string[]>();
  for (const zone of zones) {
    const slash = zone.indexOf("/");
    const region = slash > 0 ? zone.slice(0, slash) : "Other";
    groups.set(region, [...(groups.get(region) ?? []), zone]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === "Other" ? 1 : b === "Other" ? -1 : a.localeCompare(b)))
    .map(([region, list]) => ({ region, zones: list.sort() }));
}

/** "America/Argentina/Buenos_Aires" → "Argentina / Buenos Aires" (what a person reads in the list). */
export function timeZoneLabel(zone: string): string {
  const slash = zone.indexOf("/");
  return (slash > 0 ? zone.slice(slash + 1) : zone).replaceAll("_", " ").replaceAll("/", " / ");
}
