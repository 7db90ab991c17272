// The request schemas are plain zod written field by field (the client bundles them, and must
// not bundle the tables); this keeps each one in step with its table. Every column is a field,
// in the table's order (zod reports problems in that order), except the ones the server fills
// in; a field may be left out exactly when its column is nullable or has a default, unless an
// exception below says why not; a filled-in default is the column's own.
import { getTableColumns, is, SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { insertDevelopmentResourceSchema, updateDevelopmentResourceSchema } from "./development-resources";
import { developmentResources } from "./development-resources.table";
import { insertEventSchema, updateEventSchema } from "./events";
import { events } from "./events.table";
import { insertFeaturedArtistSchema, updateFeaturedArtistSchema } from "./featured-artists";
import { featuredArtists } from "./featured-artists.table";
import { createInvoiceSchema, insertInvoiceLineItemSchema, insertInvoiceSchema } from "./invoices";
import { invoiceLineItems, invoices } from "./invoices.table";
import { insertLiveStreamSchema, updateLiveStreamSchema } from "./live-streams";
import { liveStreams } from "./live-streams.table";
import { insertMerchandiseSchema, updateMerchandiseSchema } from "./merchandise";
import { merchandise } from "./merchandise.table";
import { insertTourDateSchema } from "./tour-dates";
import { tourDates } from "./tour-dates.table";
import { insertVendorBookingSchema, vendorBookingDataSchema } from "./vendor-bookings";
import { vendorBookings } from "./vendor-bookings.table";

interface SchemaCase {
  name: string;
  schema: z.ZodObject;
  table: PgTable;
  /** insert: optional where the column allows it, defaults as the column's; update: all optional, no defaults. */
  kind: "insert" | "update";
  /** Columns the request never carries: ids, timestamps, the owner, payment state. */
  serverFilled: string[];
  /** Request fields that are not columns of this table. */
  extraFields?: string[];
  /** Fields optional where the column is required, or the reverse, on purpose: why. */
  exceptions?: Record<string, string>;
}

const ID_AND_CREATED = ["id", "createdAt"];
const INVOICE_SERVER_FILLED = ["id", "userId", "sentAt", "paidAt", "paidNote", "cancelledAt", "createdAt"];
const INVOICE_EXCEPTIONS = {
  clientName: 'The form requires nothing but the number: a missing client name is stored as "".',
};
const VENDOR_BOOKING_SERVER_FILLED = [
  "id",
  "paymentStatus",
  "paymentIntentId",
  "clientAddress",
  "cancelledAt",
  "refundId",
  "createdAt",
];
const VENDOR_BOOKING_EXCEPTIONS = {
  tourDateId: "Nullable so a booking outlives its deleted tour date; a new booking is always for one.",
};

const cases: SchemaCase[] = [
  {
    name: "insertEventSchema",
    schema: insertEventSchema,
    table: events,
    kind: "insert",
    serverFilled: ID_AND_CREATED,
    exceptions: { availableTickets: "Left out on create it means all tickets; the service fills it in." },
  },
  { name: "updateEventSchema", schema: updateEventSchema, table: events, kind: "update", serverFilled: ID_AND_CREATED },
  {
    name: "insertTourDateSchema",
    schema: insertTourDateSchema,
    table: tourDates,
    kind: "insert",
    serverFilled: ID_AND_CREATED,
    extraFields: ["vendorSlots"],
  },
  {
    name: "insertLiveStreamSchema",
    schema: insertLiveStreamSchema,
    table: liveStreams,
    kind: "insert",
    serverFilled: ID_AND_CREATED,
  },
  {
    name: "updateLiveStreamSchema",
    schema: updateLiveStreamSchema,
    table: liveStreams,
    kind: "update",
    serverFilled: ID_AND_CREATED,
  },
  {
    name: "insertDevelopmentResourceSchema",
    schema: insertDevelopmentResourceSchema,
    table: developmentResources,
    kind: "insert",
    serverFilled: ID_AND_CREATED,
  },
  {
    name: "updateDevelopmentResourceSchema",
    schema: updateDevelopmentResourceSchema,
    table: developmentResources,
    kind: "update",
    serverFilled: ID_AND_CREATED,
  },
  {
    name: "insertFeaturedArtistSchema",
    schema: insertFeaturedArtistSchema,
    table: featuredArtists,
    kind: "insert",
    serverFilled: ID_AND_CREATED,
  },
  {
    name: "updateFeaturedArtistSchema",
    schema: updateFeaturedArtistSchema,
    table: featuredArtists,
    kind: "update",
    serverFilled: ID_AND_CREATED,
  },
  {
    name: "insertMerchandiseSchema",
    schema: insertMerchandiseSchema,
    table: merchandise,
    kind: "insert",
    // Options are set apart, by PUT /api/merchandise/{id}/options.
    serverFilled: [...ID_AND_CREATED, "options"],
  },
  {
    name: "updateMerchandiseSchema",
    schema: updateMerchandiseSchema,
    table: merchandise,
    kind: "update",
    serverFilled: [...ID_AND_CREATED, "options"],
    extraFields: ["expectedStockQuantity", "stockAdjustment"],
  },
  {
    name: "insertInvoiceSchema",
    schema: insertInvoiceSchema,
    table: invoices,
    kind: "insert",
    serverFilled: INVOICE_SERVER_FILLED,
    exceptions: INVOICE_EXCEPTIONS,
  },
  {
    name: "createInvoiceSchema",
    schema: createInvoiceSchema,
    table: invoices,
    kind: "insert",
    serverFilled: INVOICE_SERVER_FILLED,
    extraFields: ["items"],
    exceptions: INVOICE_EXCEPTIONS,
  },
  {
    name: "insertInvoiceLineItemSchema",
    schema: insertInvoiceLineItemSchema,
    table: invoiceLineItems,
    kind: "insert",
    serverFilled: ["id", "invoiceId"],
    exceptions: { total: "The server computes quantity x unit price and refuses a sent total that disagrees." },
  },
  {
    name: "insertVendorBookingSchema",
    schema: insertVendorBookingSchema,
    table: vendorBookings,
    kind: "insert",
    serverFilled: VENDOR_BOOKING_SERVER_FILLED,
    exceptions: VENDOR_BOOKING_EXCEPTIONS,
  },
  {
    name: "vendorBookingDataSchema",
    schema: vendorBookingDataSchema,
    table: vendorBookings,
    kind: "insert",
    serverFilled: VENDOR_BOOKING_SERVER_FILLED,
    exceptions: VENDOR_BOOKING_EXCEPTIONS,
  },
];

/** Whether a body without this field passes the field (as the object schema decides it). */
function mayBeLeftOut(schema: z.ZodObject, field: string): boolean {
  return z.object({ [field]: schema.shape[field] }).safeParse({}).success;
}

/** What the schema fills in for a missing field. */
function filledIn(schema: z.ZodObject, field: string): unknown {
  return z.object({ [field]: schema.shape[field] }).parse({})[field];
}

describe.each(cases)(
  "$name against its table",
  ({ schema, table, kind, serverFilled, extraFields = [], exceptions = {} }) => {
    const columns = getTableColumns(table);
    const requestColumns = Object.keys(columns).filter((name) => !serverFilled.includes(name));

    it("has a field for every column the request carries, in the table's order, and no others", () => {
      for (const name of serverFilled) expect(columns, `${name} is not a column`).toHaveProperty(name);
      expect(Object.keys(schema.shape)).toEqual([...requestColumns, ...extraFields]);
    });

    if (kind === "insert") {
      it("may leave out exactly the fields whose column is nullable or has a default", () => {
        expect(requestColumns).toEqual(expect.arrayContaining(Object.keys(exceptions)));
        for (const name of requestColumns) {
          const column = columns[name];
          const columnMayBeLeftOut = !column.notNull || column.hasDefault;
          const expected = name in exceptions ? !columnMayBeLeftOut : columnMayBeLeftOut;
          expect(mayBeLeftOut(schema, name), `${name}${exceptions[name] ? ` (${exceptions[name]})` : ""}`).toBe(
            expected,
          );
        }
      });

      it("fills in the column's own default for a missing field", () => {
        for (const name of requestColumns) {
          const column = columns[name];
          if (!column.hasDefault || is(column.default, SQL)) continue;
          expect(filledIn(schema, name), name).toEqual(column.default);
        }
      });
    } else {
      it("may leave out every field and fills in none", () => {
        expect(schema.parse({})).toEqual({});
      });
    }
  },
);
