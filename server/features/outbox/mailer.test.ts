import { describe, expect, it } from "vitest";
import { fromHeader, onBehalfDisplayName } from "./mailer";

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

describe("the display name of mail sent for a member", () => {
  it("is the member's company via the label, never the company alone", () => {
    expect(onBehalfDisplayName("Owner Co", "Label Records")).toBe("Owner Co via Label Records");
    expect(onBehalfDisplayName("", "Label Records")).toBe("Label Records");
    expect(onBehalfDisplayName(null, "Label Records")).toBe("Label Records");
  });

  it("strips quotes, control characters and anything shaped like an address from the company", () => {
    expect(onBehalfDisplayName('"PayPal Security" <security@paypal.example>', "Label Records")).toBe(
      "PayPal Security via Label Records",
    );
    expect(onBehalfDisplayName("Owner\u0000 Co\r\nBcc: x@y.test", "Label Records")).toBe(
      "Owner Co Bcc: via Label Records",
    );
    expect(onBehalfDisplayName("support@bank.example", "Label Records")).toBe("Label Records");
    expect(onBehalfDisplayName("Owner \u201cCo\u201d \u202eliving", "Label Records")).toBe(
      "Owner Co living via Label Records",
    );
    expect(onBehalfDisplayName("Visit https://bank.example/login now", "Label Records")).toBe(
      "Visit now via Label Records",
    );
  });
});
