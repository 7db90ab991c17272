import { expect } from "vitest";
import type { authContract } from "@shared/auth";
import type { ContractCases } from "../test/contract-harness";

/** The current user's answers, for server/contract.test.ts. */
export const authCases: ContractCases<typeof authContract> = {
  async currentUser({ send }) {
    expect((await send("member", {}, 200)).body).toMatchObject({ email: "member@contract.test", role: "user" });
  },
};
