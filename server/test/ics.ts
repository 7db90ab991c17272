import ical, { type VEvent } from "node-ical";

// A strict reading of RFC 5545's rules for an iCalendar text, stricter than node-ical (which
// also reads bare LF line ends): what a picky calendar (or a validator) refuses.

const CONTENT_LINE = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/;

/** A control character other than HTAB, which no content line may hold (RFC 5545 §3.1). */
function hasControl(text: string): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return true;
  }
  return false;
}

interface ContentLine {
  name: string;
  params: Record<string, string>;
  value: string;
}

function paramsOf(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of text.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^;]*)/g)) params[match[1].toUpperCase()] = match[2];
  return params;
}

/**
 * Everything wrong with `ics` by RFC 5545 §3.1 (lines end with CRLF, the last one too; at most
 * 75 octets; folded lines go on with a space or tab and never split a character; content lines
 * are NAME;PARAM=…:value), §3.4–3.6 (components nest, a calendar has VERSION and PRODID, an event
 * UID, DTSTAMP and DTSTART) and §3.2.19 (every TZID names a VTIMEZONE of the calendar; such a time
 * is local, without "Z"). Empty when there is nothing to say.
 */
export function icsProblems(ics: Buffer | string): string[] {
  const bytes = typeof ics === "string" ? Buffer.from(ics, "utf8") : ics;
  const problems: string[] = [];
  const text = bytes.toString("latin1");
  if (!text.endsWith("\r\n")) problems.push("the last line does not end with CRLF");
  if (/\r(?!\n)|(?<!\r)\n/.test(text)) problems.push("a line ends with a bare CR or LF");

  const physical: string[] = [];
  let offset = 0;
  for (const raw of text.split("\r\n").slice(0, -1)) {
    const line = bytes.subarray(offset, offset + raw.length);
    offset += raw.length + 2;
    if (line.length > 75) problems.push(`line ${physical.length + 1} is ${line.length} octets long`);
    try {
      physical.push(new TextDecoder("utf-8", { fatal: true }).decode(line));
    } catch {
      problems.push(`line ${physical.length + 1} splits a UTF-8 character`);
      physical.push("");
    }
  }

  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (lines.length === 0) problems.push("the first line is a continuation");
      else lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }

  const parsed: ContentLine[] = [];
  for (const line of lines) {
    const match = CONTENT_LINE.exec(line);
    if (!match) problems.push(`not a content line: ${JSON.stringify(line)}`);
    else if (hasControl(line)) problems.push(`a control character in ${match[1]}`);
    else parsed.push({ name: match[1].toUpperCase(), params: paramsOf(match[2]), value: match[3] });
  }

  const stack: { name: string; properties: ContentLine[] }[] = [];
  const components: { name: string; properties: ContentLine[] }[] = [];
  if (parsed[0]?.name !== "BEGIN" || parsed[0].value !== "VCALENDAR") problems.push("does not begin with VCALENDAR");
  if (parsed.at(-1)?.name !== "END" || parsed.at(-1)?.value !== "VCALENDAR")
    problems.push("does not end with VCALENDAR");
  for (const line of parsed) {
    if (line.name === "BEGIN") stack.push({ name: line.value, properties: [] });
    else if (line.name === "END") {
      const open = stack.pop();
      if (open?.name !== line.value) problems.push(`END:${line.value} closes ${open?.name ?? "nothing"}`);
      else components.push(open);
    } else if (stack.length === 0) problems.push(`${line.name} outside any component`);
    else stack[stack.length - 1].properties.push(line);
  }
  if (stack.length > 0) problems.push(`${stack.map((c) => c.name).join(", ")} never ends`);

  const has = (component: { properties: ContentLine[] }, name: string) =>
    component.properties.some((p) => p.name === name);
  const calendar = components.find((c) => c.name === "VCALENDAR");
  if (calendar && (!has(calendar, "VERSION") || !has(calendar, "PRODID"))) problems.push("VERSION or PRODID missing");
  const zones = new Set(
    components.filter((c) => c.name === "VTIMEZONE").map((c) => c.properties.find((p) => p.name === "TZID")?.value),
  );
  for (const event of components.filter((c) => c.name === "VEVENT")) {
    for (const name of ["UID", "DTSTAMP", "DTSTART"]) if (!has(event, name)) problems.push(`a VEVENT without ${name}`);
    for (const property of event.properties) {
      const tzid = property.params.TZID;
      if (tzid === undefined) continue;
      if (!zones.has(tzid)) problems.push(`${property.name} names TZID ${tzid} without its VTIMEZONE`);
      if (!/^\d{8}T\d{6}$/.test(property.value)) problems.push(`${property.name};TZID=${tzid} is not a local time`);
    }
  }
  return problems;
}

/** The VEVENTs of a calendar as node-ical reads it. */
export async function calendarEvents(ics: string): Promise<VEvent[]> {
  const parsed = await ical.async.parseICS(ics);
  return Object.values(parsed).filter((item): item is VEvent => item?.type === "VEVENT");
}
