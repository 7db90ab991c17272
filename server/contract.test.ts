import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CONTRACTS } from "./features";
import { developmentResourcesCases } from "./features/development-resources/development-resources.contract.test-support";
import { eventsCases } from "./features/events/events.contract.test-support";
import { checkInsCases } from "./features/check-ins/check-ins.contract.test-support";
import { ticketOrdersCases, ticketsCases } from "./features/tickets/tickets.contract.test-support";
import { ticketPromoCodesCases } from "./features/tickets/ticket-promo-codes.contract.test-support";
import { ticketWaitlistCases } from "./features/tickets/ticket-waitlist.contract.test-support";
import { featuredArtistsCases } from "./features/featured-artists/featured-artists.contract.test-support";
import { invoicesCases, publicInvoicesCases } from "./features/invoices/invoices.contract.test-support";
import {
  merchandiseCases,
  merchandiseVariantsCases,
} from "./features/shop/catalogue/merchandise.contract.test-support";
import { merchandiseOrdersCases } from "./features/shop/orders/merchandise-orders.contract.test-support";
import {
  merchandiseCheckoutCases,
  merchandiseOrderPageCases,
} from "./features/shop/checkout/checkout.contract.test-support";
import { shippingCases } from "./features/shop/shipping/shipping.contract.test-support";
import { merchandiseFulfilmentCases } from "./features/shop/fulfilment/merchandise-fulfilment.contract.test-support";
import { vendorBookingsCases } from "./features/vendor-bookings/vendor-bookings.contract.test-support";
import { healthCases } from "./features/health/health.contract.test-support";
import { authCases } from "./auth/auth.contract.test-support";
import { masterCodeCases } from "./features/master-code/master-code.contract.test-support";
import { labelCases } from "./features/label/label.contract.test-support";
import { objectUploadsCases } from "./features/objects/objects.contract.test-support";
import { tourDatesCases } from "./features/tour-dates/tour-dates.contract.test-support";
import { showsCases } from "./features/shows/shows.contract.test-support";
import { liveStreamsCases } from "./features/live-streams/live-streams.contract.test-support";
import { outboxCases } from "./features/outbox/outbox.contract.test-support";
import { royaltyCatalogueCases } from "./features/royalties/catalogue/royalty-catalogue.contract.test-support";
import { royaltyStatementsCases } from "./features/royalties/statements/royalty-statements.contract.test-support";
import { royaltyImportsCases } from "./features/royalties/imports/royalty-imports.contract.test-support";
import { submissionsCases } from "./features/submissions/submissions.contract.test-support";
import { digitalTaxCases, storeCases, storeSalesCases } from "./features/store/store.contract.test-support";
import { startTestApp, type TestApp } from "./test/app-harness";
import { STRIPE_TEST_ENV } from "./test/payments";
import { startStripeStandIn, type StripeStandIn } from "./test/stripe-stand-in";
import { createContractHarness, type ContractCases } from "./test/contract-harness";
import type { Contract } from "@shared/contract";

// Every contract the app serves, with its cases (<feature>.contract.test-support.ts). A contract
// missing here leaves its operations uncovered, which the last test reports.
const CASES: Record<string, ContractCases<Contract>> = {
  featuredArtists: featuredArtistsCases,
  developmentResources: developmentResourcesCases,
  invoices: invoicesCases,
  publicInvoices: publicInvoicesCases,
  events: eventsCases,
  tickets: ticketsCases,
  ticketOrders: ticketOrdersCases,
  ticketPromoCodes: ticketPromoCodesCases,
  ticketWaitlist: ticketWaitlistCases,
  checkIns: checkInsCases,
  merchandise: merchandiseCases,
  merchandiseVariants: merchandiseVariantsCases,
  vendorBookings: vendorBookingsCases,
  merchandiseOrders: merchandiseOrdersCases,
  merchandiseCheckout: merchandiseCheckoutCases,
  merchandiseOrderPage: merchandiseOrderPageCases,
  shipping: shippingCases,
  merchandiseFulfilment: merchandiseFulfilmentCases,
  health: healthCases,
  auth: authCases,
  masterCode: masterCodeCases,
  label: labelCases,
  objectUploads: objectUploadsCases,
  tourDates: tourDatesCases,
  shows: showsCases,
  liveStreams: liveStreamsCases,
  outbox: outboxCases,
  royaltyCatalogue: royaltyCatalogueCases,
  royaltyStatements: royaltyStatementsCases,
  royaltyImports: royaltyImportsCases,
  submissions: submissionsCases,
  store: storeCases,
  storeSales: storeSalesCases,
  digitalTax: digitalTaxCases,
};

const ADMIN = "admin@contract.test";
let app: TestApp;
let stripe: StripeStandIn;
let harness: Awaited<ReturnType<typeof createContractHarness>>;

beforeAll(async () => {
  // The checkouts' routes talk to Stripe: a stand-in answers for it. One e-mail may hold 3
  // unpaid checkouts, as in production, so a case can reach the 429 (the test app's default
  // lifts the limit). Likewise 3 back-in-stock sign-ups of one address per visitor and hour.
  stripe = await startStripeStandIn();
  app = await startTestApp({
    env: {
      ADMIN_EMAILS: ADMIN,
      ...STRIPE_TEST_ENV,
      STRIPE_API_BASE: stripe.url,
      UNPAID_HOLDS_PER_EMAIL: "3",
      STOCK_REQUESTS_PER_HOUR: "3",
    },
  });
  harness = await createContractHarness(
    app,
    {
      anonymous: app.agent(),
      member: await app.signIn("member@contract.test"),
      admin: await app.signIn(ADMIN),
    },
    stripe,
  );
});
afterAll(async () => {
  await app?.close();
  await stripe?.close();
});

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document for an independent validator", async () => {
    const result = await new Validator().validate({ ...harness.document });
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(harness.document.openapi).toBe("3.1.0");
  });
});

describe("every documented operation answers as the document says", () => {
  for (const contract of API_CONTRACTS) {
    const group = Object.values(contract)[0].group;
    it(`${group}: each answer, 2xx and errors, matches its documented status and schema`, async () => {
      expect(CASES[group], `no cases for the ${group} contract`).toBeDefined();
      await harness.run(contract, CASES[group]);
    });
  }

  it("leaves no documented operation or status without a real answer", () => {
    expect(harness.uncovered()).toEqual([]);
  });
});
