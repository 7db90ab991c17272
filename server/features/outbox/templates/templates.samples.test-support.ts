import type { InvoiceDocument } from "@shared/invoice-document";
import type { OutboxTemplate } from "@shared/outbox";
import { SHOP_SAMPLES, type Sample } from "./shop.samples.test-support";

// One sample of every message, rendered by the templates' tests.
export const INVOICE_DOCUMENT: InvoiceDocument = {
  labelName: "Nova Music",
  invoiceNumber: "INV-7",
  issueDate: "2031-03-14T12:00:00.000Z",
  dueDate: "2031-04-13T12:00:00.000Z",
  status: "sent",
  from: { name: "Nova Music", email: null, address: null, phone: null },
  billTo: { name: "Rosa", email: "rosa@client.test", address: null, phone: null },
  items: [{ description: "Mixing", quantity: 2, unitPrice: "50.00", total: "100.00" }],
  subtotal: "100.00",
  tax: "7.50",
  taxLabel: "Tax (7.50%)",
  total: "107.50",
  notes: null,
};

export const label = { labelName: "Label Records", logoUrl: null };
export const branded = { labelName: "Night Owl Records", logoUrl: "https://label.test/objects/uploads/logo" };

/** One sample per template: a template added without a sample here does not compile. */
export const SAMPLES: { [T in OutboxTemplate]: Sample<T> } = {
  ...SHOP_SAMPLES,
  "ticket-purchase-confirmation": {
    params: {
      eventName: "Neon Nights",
      artist: "Nova Reign",
      date: "2031-03-14",
      time: "20:00",
      venue: "Warehouse 9",
      quantity: 3,
      total: "75.00",
      confirmationCode: "ABCDEFGH23",
    },
    subject: "Your tickets for Neon Nights — ABCDEFGH23",
    facts: [
      "Neon Nights — Nova Reign",
      "Friday, March 14, 2031",
      "8:00 PM",
      "Warehouse 9",
      "3 tickets",
      "$75.00",
      "ABCDEFGH23",
    ],
  },
  "ticket-order-cancelled": {
    params: {
      eventName: "Neon Nights",
      artist: "Nova Reign",
      date: "2031-03-14",
      time: "20:00",
      venue: "Warehouse 9",
      quantity: 2,
      confirmationCode: "ABCDEFGH23",
      reason: "event-cancelled",
      refund: "50.00",
    },
    subject: "Cancelled: your tickets for Neon Nights — ABCDEFGH23",
    facts: [
      "Neon Nights has been cancelled.",
      "$50.00 is being refunded",
      "Friday, March 14, 2031",
      "Warehouse 9",
      "2 tickets",
      "ABCDEFGH23",
    ],
  },
  "ticket-waitlist": {
    params: {
      kind: "offer",
      eventName: "Neon Nights",
      artist: "Nova Reign",
      date: "2031-03-14",
      time: "20:00",
      venue: "Warehouse 9",
      quantity: 2,
      offerExpiresAt: "2031-03-10T12:00:00.000Z",
      removeLink: "https://label.test/waitlist/leave/abc",
      buyLink: "https://label.test/tickets?waitlist-offer=abc",
    },
    subject: "Tickets held for you: Neon Nights",
    facts: ["2 tickets for Neon Nights are held for you", "Buy your tickets", "Leave the waiting list"],
  },
  "vendor-booking-confirmation": {
    params: {
      vendorName: "Rosa Diaz",
      businessName: "Rosa's Tacos",
      spotType: "deluxe",
      amount: "500.00",
      artistName: "Marisol Vega",
      date: "2030-06-01",
      time: "18:30",
      location: "Pier 4",
    },
    subject: "Deluxe Spot booked: Marisol Vega, Sat, Jun 1, 2030",
    facts: [
      "Rosa Diaz",
      "Rosa's Tacos",
      "Deluxe Spot",
      "$500.00",
      "Marisol Vega",
      "Sat, Jun 1, 2030",
      "6:30 PM",
      "Pier 4",
    ],
  },
  "vendor-booking-admin-notice": {
    params: {
      vendorName: "Rosa Diaz",
      vendorEmail: "rosa@tacos.test",
      vendorPhone: "+1 555 0100",
      businessName: "Rosa's Tacos",
      foodType: "Mexican",
      spotType: "standard",
      amount: "150.00",
      artistName: "Marisol Vega",
      date: "2030-06-01",
      time: "18:30",
      location: "Pier 4",
    },
    subject: "New vendor booking: Rosa's Tacos (Standard Spot), Marisol Vega",
    facts: ["Rosa's Tacos", "Mexican", "rosa@tacos.test", "+1 555 0100", "Standard Spot", "$150.00", "Pier 4"],
  },
  "vendor-booking-cancelled": {
    params: {
      vendorName: "Rosa Diaz",
      businessName: "Rosa's Tacos",
      spotType: "premium",
      amountRefunded: "300.00",
      reason: "The show moved indoors",
      show: { artistName: "Marisol Vega", date: "2030-06-01", time: "18:30", location: "Pier 4" },
    },
    subject: "Cancelled: your Premium Spot at Marisol Vega, Sat, Jun 1, 2030",
    facts: [
      "Rosa Diaz",
      "Rosa's Tacos",
      "Premium Spot",
      "$300.00",
      "The show moved indoors",
      "Marisol Vega",
      "Sat, Jun 1, 2030",
      "6:30 PM",
      "Pier 4",
    ],
  },
  "invoice-sent": {
    params: { document: INVOICE_DOCUMENT, link: "https://label.test/pay/abc.def" },
    subject: "INV-7 — Invoice from Nova Music",
    facts: ["Nova Music", "$107.50", "Mar 14, 2031", "Apr 13, 2031", "https://label.test/pay/abc.def"],
  },
  "invoice-reminder": {
    params: {
      labelName: "Nova Music",
      invoiceNumber: "INV-7",
      clientName: "Rosa",
      total: "107.50",
      dueDate: "2031-04-13T12:00:00.000Z",
      reminder: "overdue-1-day",
      link: "https://label.test/pay/abc.def",
    },
    subject: "Overdue: invoice INV-7",
    facts: ["Invoice INV-7 was due on Apr 13, 2031", "Nova Music", "$107.50", "https://label.test/pay/abc.def"],
  },
  "invoice-paid-receipt": {
    params: {
      labelName: "Nova Music",
      invoiceNumber: "INV-7",
      total: "107.50",
      paidOn: "Apr 2, 2031",
      link: "https://label.test/pay/abc.def",
    },
    subject: "Receipt: invoice INV-7 paid",
    facts: ["Nova Music", "INV-7", "$107.50", "Apr 2, 2031"],
  },
  "invoice-paid-notice": {
    params: {
      invoiceNumber: "INV-7",
      clientName: "Rosa",
      total: "107.50",
      paidOn: "Apr 2, 2031",
      link: "https://label.test/invoices",
    },
    subject: "Invoice INV-7 was paid",
    facts: ["Rosa paid $107.50 by card", "INV-7", "Apr 2, 2031"],
  },
  "invoice-payment-refunded": {
    params: {
      labelName: "Nova Music",
      invoiceNumber: "INV-7",
      amount: "100.00",
      reason: "changed",
      link: "https://label.test/pay/abc.def",
    },
    subject: "Refund: your payment for invoice INV-7",
    facts: [
      "Your card payment of $100.00 for invoice INV-7 from Nova Music could not be applied",
      "the invoice's total changed after the payment began",
      "$100.00 is being refunded to the card you paid with",
      "https://label.test/pay/abc.def",
    ],
  },
  "invoice-payment-refunded-notice": {
    params: {
      invoiceNumber: "INV-7",
      clientName: "Rosa",
      amount: "107.50",
      reason: "cancelled",
      link: "https://label.test/invoices",
    },
    subject: "Refunded: a payment for invoice INV-7",
    facts: ["Rosa paid $107.50 by card", "the invoice was cancelled", "It is being refunded to their card", "INV-7"],
  },
  "royalty-statement-ready": {
    params: {
      payeeName: "Nova Reign",
      periodStart: "2031-01-01",
      periodEnd: "2031-03-31",
      link: "https://label.test/royalties",
    },
    subject: "Your royalty statement for January 1 – March 31, 2031 is ready",
    facts: ["Hello Nova Reign", "January 1 – March 31, 2031", "https://label.test/royalties"],
  },
  "submission-received": {
    params: {
      artistName: "Nova Reign",
      trackTitle: "After Hours",
      submittedAt: "2031-03-01T10:00:00.000Z",
      replyBy: "2031-03-15T10:00:00.000Z",
      link: "https://label.test/submissions",
    },
    subject: 'We received "After Hours": our answer by March 15, 2031',
    facts: ["Hello Nova Reign", "March 15, 2031", "you submitted a track", "https://label.test/submissions"],
  },
  "submission-decided": {
    params: {
      artistName: "Nova Reign",
      trackTitle: "After Hours",
      status: "rejected",
      feedback: "Great vocals; the mix is not ready yet.",
      link: "https://label.test/submissions",
    },
    subject: 'Our answer about "After Hours"',
    facts: ["Hello Nova Reign", "Great vocals; the mix is not ready yet.", "https://label.test/submissions"],
  },
  "submissions-overdue-summary": {
    params: {
      count: 2,
      items: [
        { artistName: "Nova Reign", trackTitle: "After Hours", replyBy: "2031-03-15T10:00:00.000Z" },
        { artistName: "Coastal Drift", trackTitle: "Low Tide", replyBy: "2031-03-16T10:00:00.000Z" },
      ],
      link: "https://label.test/admin/submissions",
    },
    subject: "2 music submissions overdue for an answer",
    facts: ["After Hours (Nova Reign)", "due March 15, 2031", "https://label.test/admin/submissions"],
  },
  "store-downloads": {
    params: {
      reason: "download",
      items: [{ title: "Night Drive", artist: "Nova Reign", link: "https://label.test/downloads/abc" }],
    },
    subject: "Download Night Drive by Nova Reign",
    facts: ["Night Drive", "https://label.test/downloads/abc"],
  },
};
