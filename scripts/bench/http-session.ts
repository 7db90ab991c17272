/**
 * A minimal cookie-keeping HTTP client for the bench: signs in through the app's real OIDC
 * flow (the built-in provider) the way a browser would, following redirects by hand.
 */
export class HttpSession {
  private cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(method: string, url: string, body?: string, contentType?: string) {
    // Behind TLS termination the app builds https:// links to itself; the bench talks plain
    // http to the same host, as the terminating proxy would.
    const target = url.startsWith("http") ? url.replace(/^https:\/\//, "http://") : this.baseUrl + url;
    const res = await fetch(target, {
      method,
      redirect: "manual",
      headers: {
        ...this.extraHeaders,
        cookie: this.cookieHeader,
        ...(contentType ? { "content-type": contentType } : {}),
      },
      body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }

  async signIn(email: string) {
    let res = await this.request("GET", "/api/login");
    let location = res.headers.get("location");
    let page = "";
    while (location) {
      res = await this.request("GET", location);
      location = res.headers.get("location");
      if (!location) page = await res.text();
    }
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no sign-in form (status ${res.status})`);
    res = await this.request(
      "POST",
      action,
      new URLSearchParams({ email, name: "" }).toString(),
      "application/x-www-form-urlencoded",
    );
    location = res.headers.get("location");
    while (location && location !== "/") {
      res = await this.request("GET", location);
      location = res.headers.get("location");
    }
    if (location !== "/") throw new Error(`sign-in did not finish for ${email}`);
    return this;
  }
}
