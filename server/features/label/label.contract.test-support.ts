import { expect } from "vitest";
import type { labelContract } from "@shared/label";
import type { ContractCases } from "../../test/contract-harness";
import { sessionCookieOf } from "../../test/app-harness";
import { uploadPng } from "../objects/uploads.test-support";

/** The label's answers, for server/contract.test.ts. */
export const labelCases: ContractCases<typeof labelContract> = {
  async contact({ send }) {
    expect((await send("anonymous", {}, 200)).body).toHaveProperty("phone");
  },
  async update({ app, send }) {
    // A user of its own, so the logo is an upload of the same user and the member is left as it was.
    const artist = await app.signIn("label@contract.test");
    const labelLogoUrl = await uploadPng(app, artist);
    const asArtist = { Cookie: sessionCookieOf(artist) };
    const saved = await send(
      "anonymous",
      { body: { labelName: "Midnight Records", labelLogoUrl }, headers: asArtist },
      200,
    );
    expect(saved.body).toMatchObject({ labelName: "Midnight Records", labelLogoUrl });
    await send("anonymous", { body: { labelName: " ", labelLogoUrl }, headers: asArtist }, 400);
  },
};
