import { expect } from "vitest";
import type { masterCodeContract } from "@shared/master-code";
import { MASTER_CODE_FREE_ATTEMPTS } from "./master-code.repository";
import type { ContractCases } from "../../test/contract-harness";
import { sessionCookieOf } from "../../test/app-harness";

const CODE = "contract-master-code";

/** The master code's answers, for server/contract.test.ts. */
export const masterCodeCases: ContractCases<typeof masterCodeContract> = {
  async enter({ app, send }) {
    const configured = app.config.masterCode;
    app.config.masterCode = undefined;
    await send("member", { body: { code: CODE } }, 404);
    app.config.masterCode = CODE;
    try {
      await send("member", { body: { code: " " } }, 400);
      // Someone else is promoted, so the member stays a member for the other contracts' cases.
      const promoted = await app.signIn("promoted@contract.test");
      const answer = await send(
        "anonymous",
        { body: { code: CODE }, headers: { Cookie: sessionCookieOf(promoted) } },
        200,
      );
      expect(answer.body).toMatchObject({ email: "promoted@contract.test", role: "admin" });
      for (let attempt = 0; attempt < MASTER_CODE_FREE_ATTEMPTS.perUser; attempt++) {
        await send("member", { body: { code: "wrong" } }, 403);
      }
      await send("member", { body: { code: "wrong" } }, 429);
    } finally {
      app.config.masterCode = configured;
    }
  },
};
