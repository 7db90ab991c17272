import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { nextSteps } from "./next-steps";

describe("the next steps printed when the development server is up", () => {
  it("names the URL, the built-in sign-in with any e-mail address, and how to become an administrator", () => {
    const text = nextSteps(loadConfig({ PORT: "5123" }));
    expect(text).toContain("open http://localhost:5123");
    expect(text).toContain("Sign in with any e-mail address through the built-in sign-in page.");
    expect(text).toContain("ADMIN_EMAILS=you@example.com npm run dev");
    expect(text).toContain("the embedded PostgreSQL stops with the server");
    expect(text).not.toContain("MASTER_CODE");
    expect(text).not.toContain("{");
  });

  it("lists the administrators, the master code and a real sign-in provider when they are configured", () => {
    const text = nextSteps(
      loadConfig({
        ADMIN_EMAILS: "Owner@Label.example, ops@label.example",
        MASTER_CODE: "secret-code",
        OIDC_ISSUER_URL: "https://id.example.com/realms/label",
        OIDC_CLIENT_ID: "label-web",
        OIDC_CLIENT_SECRET: "client-secret",
        DATABASE_URL: "postgres://db.example.com/label",
      }),
    );
    expect(text).toContain("Administrators: owner@label.example, ops@label.example");
    expect(text).toContain("Sign in through your OpenID Connect provider at https://id.example.com/realms/label.");
    expect(text).toContain(
      'MASTER_CODE is set: a signed-in user who enters it under "Enter master code" becomes an administrator.',
    );
    expect(text).not.toContain("secret-code");
    expect(text).not.toContain("any e-mail address");
    expect(text).not.toContain("embedded PostgreSQL");
  });
});
