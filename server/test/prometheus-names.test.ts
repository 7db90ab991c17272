import { describe, expect, it } from "vitest";
import { prometheusNameProblems } from "./prometheus-names";

const family = (name: string, type: string, help = "What it counts") =>
  `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n${name} 1\n`;

describe("the Prometheus naming rules in JS", () => {
  it("passes well-named series", () => {
    expect(
      prometheusNameProblems(
        family("app_requests_total", "counter") +
          family("app_pool_connections", "gauge") +
          family("app_job_oldest_age_seconds", "gauge") +
          family("process_cpu_seconds_total", "counter") +
          '# HELP app_duration_seconds Time\n# TYPE app_duration_seconds histogram\napp_duration_seconds_bucket{le="1",route_name="/"} 1\n',
      ),
    ).toEqual([]);
  });

  it("names each rule promtool would report", () => {
    expect(prometheusNameProblems(family("app_pool_total", "gauge"))).toEqual([
      "app_pool_total: non-counter metrics should not have the _total suffix",
    ]);
    expect(prometheusNameProblems(family("app_requests", "counter"))).toEqual([
      "app_requests: counter metrics should have the _total suffix",
    ]);
    expect(prometheusNameProblems(family("app_latency_ms", "gauge"))[0]).toMatch(/abbreviated units/);
    expect(prometheusNameProblems(family("app_latency_milliseconds", "gauge"))[0]).toMatch(/base unit seconds/);
    expect(prometheusNameProblems(family("app_age_hours", "gauge"))[0]).toMatch(/base unit seconds/);
    expect(prometheusNameProblems(family("app_bytes_sent", "gauge"))[0]).toMatch(/should come last/);
    expect(prometheusNameProblems(family("app_queue_count", "gauge"))[0]).toMatch(/should not end in/);
    expect(prometheusNameProblems(family("app_queueDepth", "gauge"))[0]).toMatch(/snake_case/);
    expect(prometheusNameProblems(family("app_errors_counter_total", "counter"))[0]).toMatch(/type "counter"/);
    expect(prometheusNameProblems("# TYPE app_up gauge\napp_up 1\n")).toEqual(["app_up: no help text"]);
    expect(prometheusNameProblems(family("app_up", "gauge") + 'app_up{routeName="x"} 1\n')).toEqual([
      "label routeName: label names should be written in snake_case",
    ]);
  });
});
