import { afterAll, beforeAll, describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { createApp } from "./app";
import { listRoutes } from "./test/routes";
import { startTestApp, type Agent, type TestApp } from "./test/app-harness";
import { loadConfig } from "./config";
import { createLogger } from "./lib/logger";
import { generateLocalSecrets } from "./lib/secrets";

type Access = "public" | "user" | "admin" | "signature" | "token" | "metrics";

/**
 * Who may call each route (docs/product.md, "Sign-in and roles"). Every route the server mounts
 * must be listed: a new route without an entry fails the test below.
 */
const EXPECTED: Record<string, Access> = {
  "GET /api/login": "public",
  "GET /api/callback": "public",
  "GET /api/logout": "public",
  "POST /api/logout": "public",
  "GET /oidc/interaction/:uid": "public",
  "POST /oidc/interaction/:uid/login": "public",
  "GET /api/health": "public",
  "GET /api/config": "public",
  "GET /api/auth/user": "user",
  "POST /api/auth/master-code": "user",
  "GET /api/tour-dates": "public",
  "POST /api/tour-dates": "admin",
  "PUT /api/tour-dates/:id": "admin",
  "DELETE /api/tour-dates/:id": "admin",
  "GET /api/tour-dates/:id/vendor-slots": "public",
  "GET /api/tour-dates/vendor-slots": "public",
  // Shows: the public side of tour dates, their pages, feeds and what crawlers read.
  "GET /api/shows": "public",
  "GET /api/shows/past": "public",
  "GET /api/shows.ics": "public",
  "GET /api/shows/:id.ics": "public",
  "GET /api/shows/:id": "public",
  "GET /shows/:id": "public",
  "GET /merch/:id": "public",
  "GET /robots.txt": "public",
  "GET /sitemap.xml": "public",
  "GET /api/merchandise": "public",
  "GET /api/merchandise/all": "admin",
  "POST /api/merchandise": "admin",
  "PATCH /api/merchandise/:id": "admin",
  "DELETE /api/merchandise/:id": "admin",
  "GET /api/shipping/zones": "public",
  "PUT /api/shipping/zones": "admin",
  "GET /api/merchandise/:id/shipping": "admin",
  "PUT /api/merchandise/:id/shipping": "admin",
  // Royalties: the catalogue, payees, periods and statements are the administrators'; a payee
  // reads their own statements (anyone else is told it does not exist).
  "GET /api/releases": "admin",
  "POST /api/releases": "admin",
  "GET /api/releases/:id": "admin",
  "PUT /api/releases/:id": "admin",
  "GET /api/releases/:id/splits": "admin",
  "PUT /api/releases/:id/splits": "admin",
  "PUT /api/tracks/:id/splits": "admin",
  "GET /api/payees": "admin",
  "POST /api/payees": "admin",
  "GET /api/payees/:id": "admin",
  "PUT /api/payees/:id": "admin",
  "GET /api/payees/:id/advances": "admin",
  "POST /api/payees/:id/advances": "admin",
  "GET /api/royalty-periods": "admin",
  "POST /api/royalty-periods": "admin",
  "POST /api/royalty-periods/:id/close": "admin",
  "GET /api/royalty-periods/:id/statements": "admin",
  "POST /api/royalty-periods/:id/platform-income": "admin",
  "GET /api/statements/my": "user",
  "POST /api/statements/:id/payouts": "admin",
  "GET /api/statements/:id/pdf": "user",
  "GET /api/statements/:id/lines.csv": "user",
  "GET /api/royalty-imports": "admin",
  "GET /api/royalty-imports/:id": "admin",
  "POST /api/royalty-imports": "admin",
  "DELETE /api/royalty-imports/:id": "admin",
  "GET /api/royalty-lines": "admin",
  "GET /api/royalty-lines/unmatched-codes": "admin",
  "POST /api/royalty-lines/assign": "admin",
  "POST /api/merchandise-orders/quote": "public",
  "POST /api/merchandise-orders": "public",
  "GET /api/merchandise-cart": "user",
  "PUT /api/merchandise-cart": "user",
  "GET /api/orders/:token": "public",
  "GET /orders/:token": "public",
  "GET /api/merchandise/:id": "public",
  "PUT /api/merchandise/:id/options": "admin",
  "PATCH /api/merchandise/variants/:variantId": "admin",
  "POST /api/merchandise/variants/:variantId/stock-requests": "public",
  // The confirmation link of a back-in-stock sign-up: anyone with the signed link.
  "GET /api/merchandise/stock-requests/confirm/:token": "public",
  "GET /api/featured-artists": "public",
  "GET /api/featured-artists/active": "public",
  "POST /api/featured-artists": "admin",
  "PATCH /api/featured-artists/:id": "admin",
  "DELETE /api/featured-artists/:id": "admin",
  // The API's own reference: the generated document and the page that reads it.
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public",
  "GET /api/docs/api-docs-init.js": "public",
  "GET /api/docs/theme.js": "public",
  "GET /api/docs/api-docs.css": "public",
  "GET /api/docs/swagger-ui.css": "public",
  "GET /api/docs/swagger-ui-bundle.js": "public",
  "GET /api/live-streams/current": "public",
  "GET /api/live-streams": "admin",
  "POST /api/live-streams": "admin",
  "PATCH /api/live-streams/:id": "admin",
  "DELETE /api/live-streams/:id": "admin",
  "GET /api/events": "user",
  "POST /api/events": "admin",
  "PATCH /api/events/:id": "admin",
  "DELETE /api/events/:id": "admin",
  "POST /api/events/:id/cancel": "admin",
  "GET /api/events/:id/orders": "admin",
  "POST /api/tickets": "user",
  "POST /api/tickets/payment-intent": "user",
  "POST /api/tickets/complete": "user",
  "GET /api/tickets/my": "user",
  "GET /api/tickets/:id/pdf": "user",
  "GET /api/tickets/:id/calendar.ics": "user",
  "POST /api/tickets/:id/cancel": "admin",
  "POST /api/tickets/quote": "user",
  "GET /api/events/:id/promo-codes": "admin",
  "POST /api/events/:id/promo-codes": "admin",
  "PATCH /api/promo-codes/:id": "admin",
  "POST /api/events/:id/waitlist": "public",
  "DELETE /api/waitlist/:token": "public",
  "GET /api/events/:id/waitlist": "admin",
  "POST /api/waitlist-entries/:id/offer": "admin",
  "DELETE /api/waitlist-entries/:id": "admin",
  "GET /api/events/:id/waitlist.csv": "admin",
  "POST /api/check-ins": "admin",
  "GET /api/check-ins/search": "admin",
  "GET /api/events/check-in-summaries": "admin",
  "GET /api/events/:id/check-in-summary": "admin",
  "GET /api/events/:id/attendees.csv": "admin",
  "GET /api/invoices/my": "user",
  "GET /api/invoices/:id": "user",
  "POST /api/invoices": "user",
  "POST /api/invoices/:id/items": "user",
  "GET /api/invoices/export.csv": "user",
  "GET /api/invoices/:id/pdf": "user",
  "PATCH /api/invoices/:id": "user",
  "DELETE /api/invoices/:id": "user",
  "POST /api/invoices/:id/send": "user",
  "POST /api/invoices/:id/mark-sent": "user",
  "POST /api/invoices/:id/mark-paid": "user",
  "POST /api/invoices/:id/cancel": "user",
  "POST /api/invoices/:id/duplicate": "user",
  // Public invoice links: the signed token in the path is the key (an unknown one is a 404).
  "GET /pay/:token": "public",
  "GET /api/public/invoices/:token": "public",
  "GET /api/public/invoices/:token/pdf": "public",
  "POST /api/public/invoices/:token/payment-intent": "public",
  "POST /api/public/invoices/:token/complete": "public",
  "POST /api/vendor-bookings/payment-intent": "public",
  "POST /api/create-vendor-payment-intent": "public",
  "POST /api/vendor-bookings/complete": "public",
  "POST /api/complete-vendor-booking-payment": "public",
  "GET /api/vendor-bookings": "admin",
  "POST /api/vendor-bookings/:id/cancel": "admin",
  "POST /api/merchandise-orders/payment-intent": "public",
  "POST /api/merchandise-orders/complete": "public",
  "GET /api/merchandise-orders": "admin",
  "GET /api/merchandise-orders/export.csv": "admin",
  "GET /api/merchandise-orders/:id/packing-slip.pdf": "admin",
  "GET /api/merchandise-orders/:id": "admin",
  "POST /api/merchandise-orders/:id/fulfilments": "admin",
  "POST /api/merchandise-orders/:id/returns": "admin",
  "POST /api/merchandise-orders/:id/returns/:returnId/reject": "admin",
  "POST /api/merchandise-orders/:id/cancel": "admin",
  "POST /api/merchandise-orders/:id/refunds": "admin",
  "POST /api/orders/:token/returns": "public",
  "POST /api/stripe/webhook": "signature",
  "POST /api/objects/upload": "user",
  "PUT /api/objects/upload/:id": "token",
  "GET /objects/uploads/:id": "public",
  // Music submissions: members send and read their own; the A&R inbox is the administrators'.
  // The audio opens only through the short-lived signed link handed to the artist and admins.
  "POST /api/submissions": "user",
  "GET /api/submissions/my": "user",
  "GET /api/submissions/my/:id": "user",
  "GET /api/submissions": "admin",
  "POST /api/submissions/:id/status": "admin",
  "GET /api/submissions/:id/audio": "token",
  "GET /api/submission-replies": "admin",
  "POST /api/submission-replies": "admin",
  "DELETE /api/submission-replies/:id": "admin",
  "PUT /api/user/label": "user",
  "GET /api/label/contact": "public",
  "GET /api/development-resources": "user",
  "GET /api/development-resources/all": "admin",
  "POST /api/development-resources": "admin",
  "PATCH /api/development-resources/:id": "admin",
  "DELETE /api/development-resources/:id": "admin",
  "GET /api/outbox": "admin",
  "GET /api/outbox/status": "admin",
  "GET /api/outbox/:id": "admin",
  "GET /api/outbox/:id/attachments/:index": "admin",
  "POST /api/outbox/:id/resend": "admin",
  "GET /metrics": "metrics",
  // The music store: selling (admins), the public store, free downloads and download links.
  "GET /api/releases/:id/store": "admin",
  "PUT /api/releases/:id/store": "admin",
  "GET /api/releases/:id/store/sales": "admin",
  "POST /api/store/purchases/:id/refund": "admin",
  "GET /api/store/digital-tax-rates": "admin",
  "PUT /api/store/digital-tax-rates": "admin",
  "POST /api/tracks/:id/master": "admin",
  "POST /api/tracks/:id/master/uploaded": "admin",
  "PUT /api/store/masters/:id": "token",
  "GET /api/store/releases": "public",
  "GET /api/store/releases/:id": "public",
  "POST /api/store/releases/:id/purchase": "public",
  "GET /api/store/tracks/:id/preview.mp3": "public",
  "GET /api/downloads/:token": "public",
  "GET /api/downloads/:token/:format.zip": "public",
  "GET /api/downloads/:token/tracks/:position/:format": "public",
  "POST /api/downloads/resend": "public",
  "POST /api/releases/:id/codes": "admin",
  "GET /api/releases/:id/codes.csv": "admin",
  "POST /api/store/redeem": "public",
  "GET /api/store/library": "user",
};

function mountedRoutes(): string[] {
  const config = loadConfig({ NODE_ENV: "test" });
  // Building the app needs no database connection; listing reads the router only.
  const { app } = createApp({
    config,
    db: {} as never,
    pool: {} as never,
    logger: createLogger("silent"),
    secrets: generateLocalSecrets(),
  });
  return [...new Set(listRoutes(app).map((r) => `${r.method} ${r.path}`))];
}

const fill = (path: string) => path.replace(":id", crypto.randomUUID()).replace(":uid", "no-such-interaction");

async function call(agent: Agent, route: string) {
  const [method, path] = route.split(" ");
  const req = agent[method.toLowerCase() as "get"](fill(path));
  return method === "GET" ? req : req.send({});
}

let app: TestApp;
let anonymous: Agent;
let member: Agent;
let otherMember: Agent;
let admin: Agent;

beforeAll(async () => {
  app = await startTestApp({ env: { ADMIN_EMAILS: "matrix-admin@label.test" } });
  anonymous = app.agent();
  member = await app.signIn("matrix-member@label.test");
  otherMember = await app.signIn("matrix-other@label.test");
  admin = await app.signIn("matrix-admin@label.test");
});
afterAll(() => app?.close());

describe("authorization matrix", () => {
  it("lists every mounted route, and only mounted routes", () => {
    const mounted = mountedRoutes();
    expect(
      mounted.filter((r) => !(r in EXPECTED)),
      "routes missing from the expected table",
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((r) => !mounted.includes(r)),
      "table entries with no route",
    ).toEqual([]);
  });

  for (const [route, access] of Object.entries(EXPECTED)) {
    it(`${route} is ${access}`, async () => {
      // Logging out ends the session it is called with: give it sessions of its own.
      const ownSessions = route === "POST /api/logout";
      const asAnonymous = (await call(anonymous, route)).status;
      const asMember = (await call(ownSessions ? await app.signIn("matrix-member@label.test") : member, route)).status;
      const asAdmin = (await call(ownSessions ? await app.signIn("matrix-admin@label.test") : admin, route)).status;
      const allowed = (status: number) => status !== 401 && status !== 403;
      switch (access) {
        case "public":
          expect([asAnonymous, asMember, asAdmin].every(allowed)).toBe(true);
          break;
        case "user":
          expect(asAnonymous).toBe(401);
          expect(allowed(asMember) && allowed(asAdmin)).toBe(true);
          break;
        case "admin":
          expect(asAnonymous).toBe(401);
          expect(asMember).toBe(403);
          expect(allowed(asAdmin)).toBe(true);
          break;
        case "signature":
          // Stripe's webhook: no session involved; an unsigned call is refused as bad input.
          expect([asAnonymous, asMember, asAdmin].every((s) => s === 400 || s === 503)).toBe(true);
          break;
        case "token":
          // Upload PUT: only a valid signed URL opens it, whoever calls.
          expect([asAnonymous, asMember, asAdmin]).toEqual([403, 403, 403]);
          break;
        case "metrics":
          // Prometheus' bearer token only, never a session; off (404) without METRICS_TOKEN.
          expect([asAnonymous, asMember, asAdmin]).toEqual([404, 404, 404]);
          break;
      }
      expect([asAnonymous, asMember, asAdmin].some((s) => s >= 500 && s !== 503)).toBe(false);
    });
  }
});

describe("a member and another member's records", () => {
  it("cannot see or add to another member's invoice", async () => {
    const created = await member
      .post("/api/invoices")
      .send({
        invoiceNumber: `INV-${Date.now()}`,
        issueDate: new Date().toISOString(),
        dueDate: new Date(Date.now() + 86_400_000).toISOString(),
        clientName: "Private Client",
        subtotal: "10.00",
        tax: "0.00",
        total: "10.00",
        status: "draft",
        items: [{ description: "Mixing", quantity: 1, unitPrice: "10.00", total: "10.00", sortOrder: 0 }],
      })
      .expect(201);
    const id = created.body.id;
    await otherMember.get(`/api/invoices/${id}`).expect(404);
    const add = await otherMember
      .post(`/api/invoices/${id}/items`)
      .send({ description: "Sneaky", quantity: 1, unitPrice: "1.00", total: "1.00", sortOrder: 1 });
    expect(add.status).toBe(404);
    const mine = await otherMember.get("/api/invoices/my").expect(200);
    expect(mine.body.map((i: { id: string }) => i.id)).not.toContain(id);
    const owner = await member.get(`/api/invoices/${id}`).expect(200);
    expect(owner.body.total).toBe("10.00");
  });

  it("cannot see another member's tickets", async () => {
    const event = await admin
      .post("/api/events")
      .send({
        name: "Matrix Night",
        artist: "The Testers",
        venue: "Hall",
        date: "2030-05-01",
        time: "20:00",
        totalTickets: 10,
        ticketPrice: "20.00",
        status: "on-sale",
      })
      .expect(201);
    const bought = await member.post("/api/tickets").send({ eventId: event.body.id, quantity: 2 }).expect(201);
    const others = await otherMember.get("/api/tickets/my").expect(200);
    expect(others.body.map((t: { id: string }) => t.id)).not.toContain(bought.body.id);
    const own = await member.get("/api/tickets/my").expect(200);
    expect(own.body.map((t: { id: string }) => t.id)).toContain(bought.body.id);
  });

  it("cannot use another member's uploaded logo", async () => {
    const issued = await member.post("/api/objects/upload").expect(200);
    const res = await otherMember
      .put("/api/user/label")
      .send({ labelName: "Thief Records", labelLogoUrl: issued.body.objectPath });
    expect(res.status).toBe(400);
  });
});
