import { expect } from "vitest";
import type { objectUploadsContract } from "@shared/object-uploads";
import type { ContractCases } from "../../test/contract-harness";

/** The upload addresses' answers, for server/contract.test.ts. */
export const objectUploadsCases: ContractCases<typeof objectUploadsContract> = {
  async issue({ send }) {
    const answer = await send("member", { body: { contentType: "image/png" } }, 200);
    expect(answer.body).toMatchObject({ objectPath: expect.stringMatching(/^\/objects\/uploads\//) });
    await send("member", { body: {} }, 200);
    await send("member", { body: { contentType: "image/svg+xml" } }, 400);
    await send("member", { body: { purpose: "cover", contentType: "image/webp" } }, 200);
    await send("member", { body: { purpose: "cover", contentType: "image/gif" } }, 400);
    const audio = { purpose: "submission", contentType: "audio/mpeg" };
    await send("member", { body: { ...audio, size: 5_000_000 } }, 200);
    await send("member", { body: { ...audio, size: 100 * 1024 * 1024 + 1 } }, 413);
  },
};
