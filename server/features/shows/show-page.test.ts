import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "@shared/events.table";
import { serveBuiltClient } from "../../client-serving";
import { startTestApp, type TestApp } from "../../test/app-harness";
import { clientRootWithIndex, insertEvent, insertShow, parseHead, setLabelName } from "./shows.test-support";

const client = clientRootWithIndex();
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    mountClient: (express) => serveBuiltClient(express, { required: true, root: client.root }),
  });
  await setLabelName(app.db, "Night Owl Records");
});
afterAll(async () => {
  await app?.close();
  client.remove();
});

const page = (id: string) => app.agent().get(`/shows/${id}`);

describe("the /shows/{id} page's head", () => {
  it("carries the show's title, description, link previews and canonical address, once each", async () => {
    const event = await insertEvent(app.db);
    const show = await insertShow(app.db, { eventId: event.id });
    const res = await page(show.id).expect(200);
    expect(res.text).toContain('<div id="root"></div>');
    // Page paths match in any case, as the client router does.
    expect(parseHead((await page(show.id.toUpperCase()).expect(200)).text).canonical).toEqual([
      `${app.baseUrl}/shows/${show.id}`,
    ]);
    // The API's routes match one spelling; pages still match any.
    const shouted = await app.agent().get(`/SHOWS/${show.id}`).expect(200);
    expect(parseHead(shouted.text).canonical).toEqual([`${app.baseUrl}/shows/${show.id}`]);
    const head = parseHead(res.text);
    const title = "Nova Reign — Jul 14, 2031 at Riverside Amphitheater, New York | Night Owl Records";
    const url = `${app.baseUrl}/shows/${show.id}`;
    const image = `${app.baseUrl}/demo/events/neon-nights.svg`;
    expect(head.title).toBe(title);
    expect(head.meta("og:title")).toEqual([title]);
    expect(head.meta("twitter:title")).toEqual([title]);
    expect(head.meta("description")).toEqual([
      "Nova Reign live at Riverside Amphitheater, New York on Monday, July 14, 2031 at 8:00 PM. Tickets $65.00.",
    ]);
    expect(head.meta("og:description")).toEqual(head.meta("description"));
    expect(head.meta("twitter:description")).toEqual(head.meta("description"));
    expect(head.meta("og:url")).toEqual([url]);
    expect(head.canonical).toEqual([url]);
    expect(head.meta("og:image")).toEqual([image]);
    expect(head.meta("twitter:image")).toEqual([image]);
    expect(head.meta("twitter:card")).toEqual(["summary_large_image"]);
    expect(head.meta("og:site_name")).toEqual(["Night Owl Records"]);
    // The template's landing-page image facts are gone with its image.
    expect(head.meta("og:image:width")).toEqual([]);
  });

  it("describes the show as a schema.org MusicEvent with its venue's offset and the ticket offer", async () => {
    const event = await insertEvent(app.db, { availableTickets: 12 });
    const show = await insertShow(app.db, { eventId: event.id });
    const head = parseHead((await page(show.id).expect(200)).text);
    expect(head.jsonLd).toHaveLength(1);
    const data = JSON.parse(head.jsonLd[0]);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "MusicEvent",
      name: "Nova Reign live at Riverside Amphitheater, New York",
      startDate: "2031-07-14T20:00:00-04:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Riverside Amphitheater, New York" },
      performer: { "@type": "MusicGroup", name: "Nova Reign" },
      organizer: { name: "Night Owl Records", url: `${app.baseUrl}/` },
      url: `${app.baseUrl}/shows/${show.id}`,
      offers: {
        "@type": "Offer",
        url: `${app.baseUrl}/shows/${show.id}`,
        price: "65.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("ends three hours after the start, as the calendar entry does, and offers tickets from when the event was listed", async () => {
    const listed = new Date("2031-01-05T09:30:00.000Z");
    const event = await insertEvent(app.db, { createdAt: listed });
    const show = await insertShow(app.db, { eventId: event.id });
    const data = JSON.parse(parseHead((await page(show.id).expect(200)).text).jsonLd[0]);
    expect(data.startDate).toBe("2031-07-14T20:00:00-04:00");
    expect(data.endDate).toBe("2031-07-14T23:00:00-04:00");
    expect(data.offers.validFrom).toBe("2031-01-05T09:30:00.000Z");
    // Across midnight, and across a change of the venue's offset (Europe leaves summer time on 26 Oct 2031).
    const late = await insertShow(app.db, { date: "2031-10-26", time: "01:30", timeZone: "Europe/Berlin" });
    const lateData = JSON.parse(parseHead((await page(late.id).expect(200)).text).jsonLd[0]);
    expect([lateData.startDate, lateData.endDate]).toEqual(["2031-10-26T01:30:00+02:00", "2031-10-26T03:30:00+01:00"]);
    // A show without a clock time is a day: it ends on its date.
    const allDay = await insertShow(app.db, { date: "2031-08-02", time: "late", timeZone: "Europe/Berlin" });
    const dayData = JSON.parse(parseHead((await page(allDay.id).expect(200)).text).jsonLd[0]);
    expect([dayData.startDate, dayData.endDate]).toEqual(["2031-08-02", "2031-08-02"]);
  });

  it("says sold out and cancelled as the linked event does, and offers nothing without one", async () => {
    const event = await insertEvent(app.db, { availableTickets: 0, status: "sold-out" });
    const show = await insertShow(app.db, { eventId: event.id });
    let data = JSON.parse(parseHead((await page(show.id)).text).jsonLd[0]);
    expect(data.offers.availability).toBe("https://schema.org/SoldOut");
    expect(data.eventStatus).toBe("https://schema.org/EventScheduled");
    await app.db.update(events).set({ status: "cancelled", availableTickets: 5 }).where(eq(events.id, event.id));
    data = JSON.parse(parseHead((await page(show.id)).text).jsonLd[0]);
    expect(data.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(data.offers.availability).toBe("https://schema.org/SoldOut");

    const plain = await insertShow(app.db, { date: "2031-08-02", time: "late", timeZone: "Europe/Berlin" });
    const head = parseHead((await page(plain.id).expect(200)).text);
    data = JSON.parse(head.jsonLd[0]);
    expect(data.offers).toBeUndefined();
    expect(data.startDate).toBe("2031-08-02");
    expect(head.meta("og:image")).toEqual([`${app.baseUrl}/og-image.png`]);
  });

  it("escapes a hostile artist name everywhere: no tag or script can break out", async () => {
    const hostile = `</script><script>alert(1)</script> "Q" & 'A' <b>`;
    const show = await insertShow(app.db, { artistName: hostile, location: `</title><img src=x onerror=alert(2)>` });
    const res = await page(show.id).expect(200);
    expect(res.text).not.toContain("<script>alert(1)");
    expect(res.text).not.toContain("<img src=x");
    expect(res.text).not.toContain("<b>");
    const head = parseHead(res.text);
    // The JSON-LD block is the only script in the head, and reads back to the name as entered.
    expect(head.scripts).toBe(1);
    expect(head.jsonLd[0]).not.toContain("<");
    expect(JSON.parse(head.jsonLd[0]).performer.name).toBe(hostile);
    expect(head.title).toBe(`${hostile} — Jul 14, 2031 at </title><img src=x onerror=alert(2)> | Night Owl Records`);
    expect(head.meta("og:title")).toEqual([head.title]);
    expect(head.meta("description")[0]).toContain(hostile);
  });

  it("answers an unknown show with the normal page and 404", async () => {
    const res = await page("00000000-0000-4000-8000-000000000000").expect(404);
    expect(res.text).toContain('<div id="root"></div>');
    expect(parseHead(res.text).jsonLd).toEqual([]);
    expect(parseHead(res.text).title).toBe("Label Records — Full-Service Record Label");
    await page("not-a-uuid").expect(404);
  });
});
