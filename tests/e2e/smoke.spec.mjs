// @ts-check
// Smoke test: the page loads, the wasm module initialises (the page sets
// <html data-ready="true"> once wasm is ready and the board is interactive), nothing fails to load,
// no script error is thrown, and no request leaves the page's own origin.
import { test, expect } from "@playwright/test";

test("the page loads its wasm module without leaving its origin", async ({ page, baseURL }) => {
  const origin = new URL(/** @type {string} */ (baseURL)).origin;
  /** @type {string[]} */
  const requests = [];
  /** @type {string[]} */
  const failures = [];
  /** @type {string[]} */
  const errors = [];
  // Context-level events also see what the service worker fetches.
  page.context().on("request", (request) => requests.push(request.url()));
  page.on("requestfailed", (request) => failures.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${response.url()} ${response.status()}`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // Failed loads are counted above (the browser's own favicon probe is no page request).
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(`console: ${message.text()}`);
    }
  });

  const response = await page.goto("./");
  expect(response?.status()).toBe(200);
  const ready = await page
    .locator('html[data-ready="true"]')
    .waitFor({ state: "attached", timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  // One comparison, so that a page that never gets ready also shows what went wrong.
  expect({ ready, failures, errors }).toEqual({ ready: true, failures: [], errors: [] });

  expect(requests.filter((url) => url.endsWith(".wasm")).length).toBeGreaterThan(0);
  const offOrigin = requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin);
  expect(offOrigin).toEqual([]);
});
