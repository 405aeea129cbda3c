// @ts-check
// Playwright configuration for the end-to-end tests of the built site.
//
// `cargo xtask test` builds dist/, serves it on an ephemeral loopback port and runs
// `playwright test` here with these variables set:
//   BASE_URL      the site (dist/), e.g. http://127.0.0.1:41234/ (trailing slash)
//   HOST_URL      a second origin serving tests/e2e/host/ (pages that embed the site in an iframe)
//   DIST_DIR      absolute path of dist/
//   CHROMIUM_PATH the browser (default /usr/bin/chromium, Debian's; Playwright downloads none)
//   E2E_OUTPUT_DIR where failures leave their context (one folder per run, so runs can overlap)
// Run by hand without BASE_URL, it starts `cargo xtask serve --no-build` itself (after `cargo xtask dist`).
import { defineConfig } from "@playwright/test";

const fallbackPort = 8123;
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${fallbackPort}/`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.mjs",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    serviceWorkers: "allow",
    trace: "off",
    screenshot: "off",
    video: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-quic",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
  },
  webServer: process.env.BASE_URL
    ? undefined
    : {
        command: `cargo xtask serve --no-build --quiet --port ${fallbackPort}`,
        url: baseURL,
        reuseExistingServer: true,
        timeout: 120_000,
      },
});
