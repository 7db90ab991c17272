import { afterAll, describe, expect, it } from "vitest";
import type { OutboxParams } from "@shared/outbox";
import { createDocumentRenderer } from "../../../documents/document-renderer";
import { signedTokens } from "../../../lib/signed-token";
import { calendarEvents, icsProblems } from "../../../test/ics";
import { renderMessage } from "./render";

// The PDF attachment is made by the same pool of document threads as in the app.
const documents = createDocumentRenderer({ threads: 1, cacheBytes: 0, readLogo: async () => null });
afterAll(() => documents.close());
const ticketTokens = signedTokens("templates-test-session-secret-0123456789", "ticket");

const params: OutboxParams<"ticket-purchase-confirmation"> = {
  eventName: "Neon Nights",
  artist: "Nova Reign",
  date: "2031-03-14",
  time: "20:00",
  venue: "Warehouse 9",
  quantity: 2,
  total: "50.00",
  confirmationCode: "ABCDEFGH23",
  purchaseId: "6f1c2a4e-0d7b-4c1e-9a51-0c3f4d2b8e71",
  holderName: "Ada Lovelace",
  timeZone: "Europe/Berlin",
};

async function invitation(values: Partial<typeof params>) {
  const message = await renderMessage(
    "ticket-purchase-confirmation",
    { ...params, ...values },
    { labelName: "Label Records", logoUrl: null },
    { documents, ticketTokens },
  );
  const attachment = message.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  return Buffer.from(attachment!.content, "base64");
}

describe("the ticket e-mail's calendar invitation", () => {
  it("starts at the venue's wall time in the venue's zone, with its VTIMEZONE, as strict iCalendar", async () => {
    const ics = await invitation({});
    expect(icsProblems(ics)).toEqual([]);
    const text = ics.toString("utf8");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20310314T200000\r\n");
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin\r\n/);
    const [entry] = await calendarEvents(text);
    expect(entry.start.toISOString()).toBe("2031-03-14T19:00:00.000Z");
  });

  it("keeps floating times in a message queued before tickets recorded the zone, still ending with CRLF", async () => {
    const ics = await invitation({ timeZone: undefined });
    expect(icsProblems(ics)).toEqual([]);
    expect(ics.toString("utf8")).toContain("DTSTART:20310314T200000\r\n");
  });
});
