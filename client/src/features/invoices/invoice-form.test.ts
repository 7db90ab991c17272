import { describe, expect, it } from "vitest";
import {
  dateInputToIso,
  formatCents,
  formTotals,
  invoiceDefaults,
  invoiceFormSchema,
  parseMoneyInput,
  parseQuantityInput,
  toCreateInvoiceBody,
  type InvoiceFormLine,
} from "./invoice-form";

const line = (description: string, quantity: string, unitPrice: string): InvoiceFormLine => ({
  description,
  quantity,
  unitPrice,
});

describe("invoiceDefaults", () => {
  it("numbers the invoice INV-<timestamp>, issues it today, due 30 days later, tax 0.00, draft", () => {
    const now = new Date(2027, 0, 15, 10, 30);
    const values = invoiceDefaults(now);
    expect(values.invoiceNumber).toBe(`INV-${now.getTime()}`);
    expect(values.issueDate).toBe("2027-01-15");
    expect(values.dueDate).toBe("2027-02-14");
    expect(values.tax).toBe("0.00");
    expect(values.status).toBe("draft");
    expect(values.items).toHaveLength(1);
  });
});

describe("parsing typed amounts", () => {
  it("reads quantities like parseInt and turns anything unparsable into 0", () => {
    expect(parseQuantityInput("3")).toBe(3);
    expect(parseQuantityInput("3 hours")).toBe(3);
    expect(parseQuantityInput("2.9")).toBe(2);
    expect(parseQuantityInput("")).toBe(0);
    expect(parseQuantityInput("abc")).toBe(0);
    expect(parseQuantityInput("-2")).toBe(-2);
  });

  it("reads prices digit by digit into cents and turns anything unparsable into 0", () => {
    expect(parseMoneyInput("19.99")).toBe(1999);
    expect(parseMoneyInput("0.1")).toBe(10);
    expect(parseMoneyInput("12.5 USD")).toBe(1250);
    expect(parseMoneyInput(".5")).toBe(50);
    expect(parseMoneyInput("19.995")).toBe(2000);
    expect(parseMoneyInput("19.994")).toBe(1999);
    expect(parseMoneyInput("-3")).toBe(-300);
    expect(parseMoneyInput("")).toBe(0);
    expect(parseMoneyInput("abc")).toBe(0);
    expect(parseMoneyInput("$5")).toBe(0);
    expect(parseMoneyInput("123456789012")).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("formTotals", () => {
  it("adds 0.10 + 0.20 to exactly 0.30 and 3 x 19.99 to 59.97, tax as a flat amount", () => {
    const totals = formTotals({
      items: [line("a", "1", "0.10"), line("b", "1", "0.20"), line("c", "3", "19.99")],
      tax: "5",
    });
    expect(totals.shownLineTotals).toEqual([10, 20, 5997]);
    expect(totals.subtotal).toBe(6027);
    expect(totals.total).toBe(6527);
    expect(formatCents(totals.total)).toBe("$65.27");
  });

  it("counts only the lines that will be saved in the subtotal", () => {
    const totals = formTotals({
      items: [
        line("", "2", "10"),
        line("Zero", "0", "10"),
        line("Negative", "1", "-5"),
        line("Kept", "2", "12.50"),
        line("Junk", "abc", "xyz"),
      ],
      tax: "0.00",
    });
    expect(totals.savable).toEqual([false, false, false, true, false]);
    expect(totals.shownLineTotals).toEqual([2000, 0, 0, 2500, 0]);
    expect(totals.subtotal).toBe(2500);
    expect(totals.incomplete).toEqual([true, true, true, false, true]);
  });

  it("reports amounts beyond 99,999,999.99 as too large instead of losing precision", () => {
    const totals = formTotals({ items: [line("Streams", "1000000", "100")], tax: "0" });
    expect(totals.tooLarge).toBe(true);
    expect(formatCents(totals.shownLineTotals[0])).toBe("Too large");
    expect(formTotals({ items: [line("Fits", "1000000", "99.99")], tax: "9999.99" })).toMatchObject({
      tooLarge: false,
      total: 9_999_999_999,
    });
    expect(formTotals({ items: [line("x", "1", "99999999.99")], tax: "0.01" }).tooLarge).toBe(true);
  });

  it("takes a percentage of the subtotal, rounded half up, and ignores the flat amount then", () => {
    const totals = formTotals({ items: [line("a", "3", "19.99")], tax: "99", taxMode: "percent", taxRate: "7.5" });
    expect(totals.taxCents).toBe(450); // 59.97 x 7.5% = 4.49775
    expect(totals.total).toBe(6447);
    expect(formTotals({ items: [line("a", "1", "10")], tax: "0", taxMode: "percent", taxRate: "abc" }).total).toBe(
      1000,
    );
  });

  it("treats an unparsable tax as 0", () => {
    expect(formTotals({ items: [line("a", "1", "10")], tax: "n/a" }).total).toBe(1000);
  });
});

describe("toCreateInvoiceBody", () => {
  it("sends only savable lines with server-ready amounts, the totals and ISO dates", () => {
    const values = {
      ...invoiceDefaults(new Date(2027, 2, 1)),
      issueDate: "2027-03-01",
      dueDate: "2027-03-31",
      clientName: "Nova Reign",
      items: [line("  Mixing ", "3", "19.99"), line("", "1", "5"), line("Mastering", "1", "150")],
      tax: "10.5",
    };
    const body = toCreateInvoiceBody(values);
    expect(body.items).toEqual([
      { description: "Mixing", quantity: 3, unitPrice: "19.99", total: "59.97" },
      { description: "Mastering", quantity: 1, unitPrice: "150.00", total: "150.00" },
    ]);
    expect(body).toMatchObject({
      subtotal: "209.97",
      tax: "10.50",
      total: "220.47",
      clientName: "Nova Reign",
      status: "draft",
    });
    expect(new Date(body.issueDate as string).getDate()).toBe(1);
    const due = new Date(body.dueDate as string);
    expect([due.getDate(), due.getHours(), due.getMinutes()]).toEqual([31, 23, 59]);
  });

  it("leaves a date that is not YYYY-MM-DD for the schema to refuse", () => {
    expect(dateInputToIso("")).toBe("");
  });
});

describe("invoiceFormSchema (the form's resolver)", () => {
  const typed = (items: InvoiceFormLine[], overrides: Partial<ReturnType<typeof invoiceDefaults>> = {}) => ({
    ...invoiceDefaults(new Date(2027, 2, 1)),
    clientName: "Nova Reign",
    items,
    ...overrides,
  });

  it("turns the typed form into the POST body with only the saved lines", () => {
    const result = invoiceFormSchema.safeParse(typed([line("Mixing", "3", "19.99"), line("", "1", "5")], { tax: "1" }));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      items: [{ description: "Mixing", quantity: 3, unitPrice: "19.99", total: "59.97" }],
      subtotal: "59.97",
      tax: "1.00",
      total: "60.97",
    });
  });

  it("refuses totals past numeric(10,2) as a whole, as the form's root error", () => {
    const result = invoiceFormSchema.safeParse(typed([line("Streams", "1000000", "100")]));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["root", "Amounts cannot exceed $99,999,999.99"],
    ]);
  });

  it("puts a saved line's problem on that line as the user sees it, not as the body numbers it", () => {
    const result = invoiceFormSchema.safeParse(typed([line("", "1", "5"), line("Plays", "2000000", "0.01")]));
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["items.1.quantity"]);
  });

  it("asks for a date when a date box is empty, and checks e-mail addresses with the server's rule", () => {
    const result = invoiceFormSchema.safeParse(
      typed([line("Mixing", "1", "10")], { dueDate: "", companyEmail: "nope" }),
    );
    const issues = Object.fromEntries(result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? []);
    expect(issues).toEqual({ dueDate: "Enter a date", companyEmail: "Invalid email address" });
  });
});
