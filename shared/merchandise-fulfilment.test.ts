import { describe, expect, it } from "vitest";
import { trackingUrl } from "./merchandise-fulfilment";

describe("trackingUrl", () => {
  it("links each known carrier's tracking page, whatever the spelling's case and spaces", () => {
    expect(trackingUrl("UPS", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(trackingUrl("usps", "9400 1000")).toBe("https://tools.usps.com/go/TrackConfirmAction?tLabels=94001000");
    expect(trackingUrl("FedEx", "123456789012")).toBe("https://www.fedex.com/fedextrack/?trknbr=123456789012");
    expect(trackingUrl(" DHL ", "JD014600")).toBe(
      "https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=JD014600",
    );
    expect(trackingUrl("Royal  Mail", "RM123456785GB")).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
    );
  });

  it("drops the spaces a number is written with, which the carriers' pages do not look up", () => {
    expect(trackingUrl("USPS", " 9400 1000\u00a00000 1234 ")).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000001234",
    );
    expect(trackingUrl("UPS", "1Z 999 AA1 01 2345 6784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
  });

  it("gives no link for another carrier, and never lets a number change the address", () => {
    expect(trackingUrl("Parcelforce", "PF1")).toBeNull();
    expect(trackingUrl("UPS", "1Z&x=<script>")).toBe("https://www.ups.com/track?tracknum=1Z%26x%3D%3Cscript%3E");
  });
});
