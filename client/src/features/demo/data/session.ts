import { SESSION_MUSICIAN_RATES } from "@shared/constants";

/** Sample-only session musicians and their rates. */
export interface SampleMusician {
  id: string;
  name: string;
  specialty: string;
  instruments: readonly string[];
  /** Dollars per hour. */
  rate: number;
  rating: number;
}

const [rate1, rate2, rate3, rate4] = SESSION_MUSICIAN_RATES;

export const SAMPLE_MUSICIANS: readonly SampleMusician[] = [
  {
    id: "m1",
    name: "Marcus Bell",
    specialty: "Session Guitarist",
    instruments: ["Electric Guitar", "Acoustic Guitar"],
    rate: rate1,
    rating: 4.9,
  },
  {
    id: "m2",
    name: "Aaliyah Brooks",
    specialty: "Keys & Synth",
    instruments: ["Piano", "Synthesizer", "Organ"],
    rate: rate2,
    rating: 4.8,
  },
  {
    id: "m3",
    name: "Diego Ramirez",
    specialty: "Drummer & Percussion",
    instruments: ["Drums", "Percussion"],
    rate: rate3,
    rating: 5.0,
  },
  {
    id: "m4",
    name: "Keisha Monroe",
    specialty: "Bassist",
    instruments: ["Bass Guitar", "Upright Bass"],
    rate: rate4,
    rating: 4.7,
  },
];

/** Matches name, specialty or any instrument, case-insensitively. */
export function filterMusicians(musicians: readonly SampleMusician[], search: string): SampleMusician[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...musicians];
  return musicians.filter((m) =>
    [m.name, m.specialty, ...m.instruments].some((value) => value.toLowerCase().includes(term)),
  );
}

export interface ContractTemplate {
  id: "session" | "booking" | "development";
  title: string;
  summary: string;
  clauses: readonly string[];
}

/** Three templates (session, booking, artist development). */
export const CONTRACT_TEMPLATES: readonly ContractTemplate[] = [
  {
    id: "session",
    title: "Session Musician Agreement",
    summary: "Work-for-hire terms for a recording session: fee, schedule, credits and ownership of the recordings.",
    clauses: [
      "Services: the Musician performs on the recordings named in Schedule A on the agreed dates.",
      "Fee: the hourly rate stated in Schedule A, paid within 14 days of the session.",
      "Ownership: all rights in the recordings belong to the Label; the Musician keeps their performer credit.",
      "Credit: the Musician is credited as named in Schedule A in all release metadata.",
      "Cancellation: sessions cancelled with less than 48 hours' notice are paid at 50% of the fee.",
    ],
  },
  {
    id: "booking",
    title: "Event Booking Agreement",
    summary: "Terms for booking an artist or act for an event: date, set length, fee, deposit and rider.",
    clauses: [
      "Engagement: the Artist performs at the venue, date and set length in Schedule A.",
      "Fee and deposit: 50% deposit on signature, balance on the day of the event.",
      "Rider: the Promoter provides the technical and hospitality rider attached as Schedule B.",
      "Cancellation: the deposit is non-refundable within 30 days of the event.",
      "Force majeure: neither party is liable for cancellation caused by events beyond their control.",
    ],
  },
  {
    id: "development",
    title: "Artist Development Agreement",
    summary: "A development deal: coaching, recording budget, term, options and the share of income.",
    clauses: [
      "Term: twelve months from signature, with one option for a further twelve months.",
      "Development: the Label provides coaching, studio time and a recording budget as in Schedule A.",
      "Recordings: masters made during the term are owned by the Label and released at its discretion.",
      "Income: net receipts from released recordings are shared as set out in Schedule B.",
      "Exit: either party may end the agreement with 60 days' written notice after the first six months.",
    ],
  },
];
