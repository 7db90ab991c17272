import { describe, expect, it } from "vitest";
import { documentSlug } from "../../documents/ticket-document";
import { attendeesFilename } from "./attendees-csv";

describe("file names from an event's name", () => {
  it("transliterate accents instead of splitting the word at them", () => {
    expect(attendeesFilename({ name: "Sigur Rós at Harpa", date: "2027-03-14" })).toBe(
      "attendees-sigur-ros-at-harpa-2027-03-14.csv",
    );
    expect(documentSlug("Mø — Smörgåsbord Live")).toBe("mo-smorgasbord-live");
    expect(documentSlug("東京")).toBe("ticket");
  });
});
