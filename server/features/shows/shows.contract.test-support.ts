import crypto from "node:crypto";
import { expect } from "vitest";
import type { showsContract } from "@shared/shows.contract";
import type { ContractCases } from "../../test/contract-harness";
import { insertEvent, insertShow } from "./shows.test-support";

/** Each show route's answers, for server/contract.test.ts. */
export const showsCases: ContractCases<typeof showsContract> = {
  async upcoming({ app, send }) {
    await insertShow(app.db);
    await insertShow(app.db, { date: "sometime in spring", time: "late" });
    expect((await send("anonymous", {}, 200)).body).not.toEqual([]);
  },
  async past({ app, send }) {
    await insertShow(app.db, { date: "2020-01-10" });
    expect((await send("anonymous", {}, 200)).body).not.toEqual([]);
  },
  async detail({ app, send }) {
    const event = await insertEvent(app.db);
    const show = await insertShow(app.db, { eventId: event.id });
    await insertShow(app.db, { date: "2031-08-01" });
    const answer = await send("anonymous", { params: { id: show.id } }, 200);
    expect(answer.body).toMatchObject({ id: show.id, tickets: { eventId: event.id } });
    await send("anonymous", { params: { id: crypto.randomUUID() } }, 404);
    await send("anonymous", { params: { id: "not-a-show" } }, 404);
  },
};
