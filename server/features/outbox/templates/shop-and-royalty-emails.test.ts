import { afterAll, describe, expect, it } from "vitest";
import { createDocumentRenderer } from "../../../documents/document-renderer";
import { signedTokens } from "../../../lib/signed-token";
import { renderMessage as renderWith } from "./render";
import { SHOP_SAMPLES } from "./shop.samples.test-support";
import { label, SAMPLES } from "./templates.samples.test-support";

// The shop's and the royalties' e-mails say why they came, link where the reader acts, and
// name variants in words (docs/decisions/048-documents-that-read-right.md).
const documents = createDocumentRenderer({ threads: 1, cacheBytes: 0, readLogo: async () => null });
afterAll(() => documents.close());
const ticketTokens = signedTokens("templates-test-session-secret-0123456789", "ticket");
const render = (template: string, params: unknown) => renderWith(template, params, label, { documents, ticketTokens });

const ADMIN_FOOTER = "You receive this e-mail because you are an administrator of Label Records.";

describe("the royalty statement e-mail", () => {
  const params = { ...SAMPLES["royalty-statement-ready"].params, payeeName: "Lee Park" };

  it("names the period in words, the payee, what they earned and what is payable, and why they get it", async () => {
    const message = await render("royalty-statement-ready", {
      ...params,
      periodStart: "2025-12-01",
      periodEnd: "2026-02-28",
      earned: "1625.00",
      payable: "625.00",
    });
    expect(message.subject).toBe("Your royalty statement for December 1, 2025 – February 28, 2026 is ready");
    for (const text of [
      "Hello Lee Park, Label Records has closed the period December 1, 2025 – February 28, 2026",
      "Earned this period: $1,625.00",
      "Payable to you: $625.00",
      "You receive this e-mail because you are a payee of Label Records",
    ])
      expect(message.text).toContain(text);
    expect(message.text).not.toMatch(/your order/i);
  });

  it("writes a negative figure with a minus sign, and leaves out figures an older message lacks", async () => {
    const owing = await render("royalty-statement-ready", { ...params, earned: "-12.50", payable: "0.00" });
    expect(owing.text).toContain("Earned this period: −$12.50");
    const older = await render("royalty-statement-ready", params);
    expect(older.text).not.toContain("Earned");
    expect(older.text).toContain("Period: January 1 – March 31, 2031");
  });
});

describe("the administrators' alerts", () => {
  it("link a low-stock alert to the item's editor, else to the merchandise page, and say why they came", async () => {
    const sample = SHOP_SAMPLES["merchandise-low-stock"].params;
    const edited = await render("merchandise-low-stock", {
      ...sample,
      editorLink: "https://label.test/merchandise#abc",
    });
    expect(edited.html).toContain('href="https://label.test/merchandise#abc"');
    expect(edited.text).toContain(ADMIN_FOOTER);
    const older = await render("merchandise-low-stock", sample);
    expect(older.html).toContain('href="https://label.test/merchandise"');
    expect(older.text).toContain("https://label.test/merch/abc");
    expect(older.text).not.toMatch(/your order/i);
  });

  it("link a vendor booking notice to the booking when the message carries it", async () => {
    const sample = SAMPLES["vendor-booking-admin-notice"].params;
    const linked = await render("vendor-booking-admin-notice", {
      ...sample,
      link: "https://label.test/admin/vendor-bookings",
    });
    expect(linked.html).toContain('href="https://label.test/admin/vendor-bookings"');
    expect(linked.text).toContain(ADMIN_FOOTER);
    expect((await render("vendor-booking-admin-notice", sample)).text).toContain("Vendor bookings page");
  });

  it("link a return request to the order when the message carries it, else to the orders", async () => {
    const sample = SHOP_SAMPLES["merchandise-return-requested"].params;
    const linked = await render("merchandise-return-requested", { ...sample, orderLink: "https://label.test/o/1" });
    expect(linked.html).toContain('href="https://label.test/o/1"');
    expect(linked.text).toContain(ADMIN_FOOTER);
    expect((await render("merchandise-return-requested", sample)).html).toContain(
      'href="https://label.test/merchandise"',
    );
  });
});

describe("the buyers' e-mails", () => {
  it("name each variant in words and never show a SKU alone", async () => {
    const shipped = await render("merchandise-order-shipped", SHOP_SAMPLES["merchandise-order-shipped"].params);
    expect(shipped.text).toContain("2 × Logo Hoodie — M / Black (SKU HOOD-M-BLK)");
    expect(shipped.text.match(/HOOD-M-BLK/g)).toHaveLength(1);
    const one = await render("merchandise-order-confirmation", {
      ...SHOP_SAMPLES["merchandise-order-confirmation"].params,
      itemName: "Tour Tee 2026",
      variantLabel: "L / Black",
    });
    expect(one.subject).toBe("Your order from Label Records: 2 × Tour Tee 2026 — L / Black");
    expect(one.text).toContain("Item: Tour Tee 2026 — L / Black");
  });

  it("read older lines as they were sent, a name that still ends in its combination once, and a lost item by its labelled SKU", async () => {
    const params = SHOP_SAMPLES["merchandise-order-refunded"].params;
    const line = { sku: "HOOD-M-BLK", quantity: 1 };
    const lines = [
      { ...line, name: "Logo Hoodie (M / Black)" },
      { ...line, name: "Tote Bag (Natural)", variantLabel: "Natural" },
      { ...line, name: "", sku: "OLD-42" },
    ];
    const message = await render("merchandise-order-refunded", { ...params, lines });
    expect(message.text).toContain("1 × Logo Hoodie (M / Black) (SKU HOOD-M-BLK)");
    expect(message.text).toContain("1 × Tote Bag — Natural (SKU HOOD-M-BLK)");
    expect(message.text).not.toContain("Tote Bag (Natural)");
    expect(message.text).toContain("1 × An item (SKU OLD-42)");
  });

  it("give the tax rate as a percentage, and every amount to the cent with its sign", async () => {
    const params = SHOP_SAMPLES["merchandise-order-placed"].params;
    const message = await render("merchandise-order-placed", { ...params, taxRate: "12.50" });
    for (const text of ["Tax (12.5%): $11.90", "Total: $71.40", "Items: $52.50"]) expect(message.text).toContain(text);
    expect((await render("merchandise-order-placed", params)).text).toContain("Tax: $11.90");
  });

  it("tell a fan why a back-in-stock e-mail came, not 'your order'", async () => {
    const back = await render("merchandise-back-in-stock", SHOP_SAMPLES["merchandise-back-in-stock"].params);
    expect(back.text).toContain("because you asked Label Records's shop to tell you when Logo Hoodie (L) was back");
    const confirm = await render("merchandise-stock-confirm", SHOP_SAMPLES["merchandise-stock-confirm"].params);
    for (const message of [back, confirm]) expect(message.text).not.toMatch(/your order/i);
  });
});
