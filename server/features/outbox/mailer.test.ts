import { describe, expect, it } from "vitest";
import { fromHeader } from "./mailer";

describe("the From header of a message sent in a member's name", () => {
  it("keeps MAIL_FROM's address, in either spelling, under the member's name", () => {
    expect(fromHeader("Label Records <billing@label.test>", "Nova Music")).toEqual({
      name: "Nova Music",
      address: "billing@label.test",
    });
    expect(fromHeader("billing@label.test", "Nova Music")).toEqual({
      name: "Nova Music",
      address: "billing@label.test",
    });
  });

  it("is MAIL_FROM as set when there is no name, and never carries a line break into the header", () => {
    expect(fromHeader("Label Records <billing@label.test>", null)).toBe("Label Records <billing@label.test>");
    expect(fromHeader("Label Records <billing@label.test>", " \r\n ")).toBe("Label Records <billing@label.test>");
    expect(fromHeader("billing@label.test", "Nova\r\nBcc: all@x.test")).toEqual({
      name: "Nova Bcc: all@x.test",
      address: "billing@label.test",
    });
  });
});
