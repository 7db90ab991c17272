// Small factories for the invoice component tests: an invoice as the API answers it.
import type { InvoiceDetail } from "@shared/invoice-actions";
import type { Invoice } from "@shared/invoices";

export const INVOICE_ID = "11111111-1111-4111-8111-111111111111";

export function listedInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE_ID,
    userId: "u-member",
    invoiceNumber: "INV-1001",
    issueDate: new Date(2027, 2, 1).toISOString(),
    dueDate: new Date(2027, 2, 31, 23, 59).toISOString(),
    timeZone: null,
    companyName: "Label Records",
    companyAddress: "1 Studio Way\nNashville, TN 37203",
    companyEmail: "billing@label.test",
    companyPhone: null,
    clientName: "Nova Reign",
    clientAddress: null,
    clientEmail: "nova@artist.test",
    clientPhone: "555-0100",
    subtotal: "209.97",
    tax: "10.50",
    taxMode: "amount",
    taxRate: null,
    total: "220.47",
    notes: "Thank you!",
    paymentInstructions: "Bank transfer to IBAN DE89 3704 0044 0532 0130 00",
    status: "sent",
    remindersEnabled: true,
    sentAt: null,
    paidAt: null,
    paidNote: null,
    cancelledAt: null,
    createdAt: "2027-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function detailedInvoice(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...listedInvoice(),
    items: [
      {
        id: "l1",
        invoiceId: INVOICE_ID,
        description: "Mixing",
        quantity: 3,
        unitPrice: "19.99",
        total: "59.97",
        sortOrder: 0,
      },
      {
        id: "l2",
        invoiceId: INVOICE_ID,
        description: "Mastering",
        quantity: 1,
        unitPrice: "150.00",
        total: "150.00",
        sortOrder: 1,
      },
    ],
    events: [
      {
        id: "e1",
        invoiceId: INVOICE_ID,
        kind: "created",
        detail: {},
        actorId: "u-member",
        at: "2027-03-01T10:00:00.000Z",
      },
    ],
    publicPath: "/pay/abc.def",
    issuerName: "Nova Music",
    cardPayments: false,
    ...overrides,
  };
}
