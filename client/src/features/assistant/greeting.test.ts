import { describe, expect, it } from "vitest";
import { greetingFor } from "./greeting";

const at = (hours: number, minutes: number) => new Date(2026, 4, 1, hours, minutes);

describe("greetingFor", () => {
  it("says 'Grand Rising' from midnight until 11:59", () => {
    expect(greetingFor(at(0, 0))).toBe("Grand Rising");
    expect(greetingFor(at(11, 59))).toBe("Grand Rising");
  });

  it("says 'Good Afternoon' from 12:00 until 16:59", () => {
    expect(greetingFor(at(12, 0))).toBe("Good Afternoon");
    expect(greetingFor(at(16, 59))).toBe("Good Afternoon");
  });

  it("says 'Good Evening' from 17:00 until midnight", () => {
    expect(greetingFor(at(17, 0))).toBe("Good Evening");
    expect(greetingFor(at(23, 59))).toBe("Good Evening");
  });
});
