// @ts-check
// Smoke test: the page loads, the wasm module initialises (the page sets
// <html data-ready="true"> once wasm is ready and the board is interactive), nothing fails to load,
// and no request leaves the page's own origin.
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

  const response = await page.goto("./");
  expect(response?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("data-ready", "true");

  expect(requests.some((url) => url.endsWith(".wasm"))).toBe(true);
  const offOrigin = requests.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin);
  expect(offOrigin).toEqual([]);
  expect(failures).toEqual([]);
  expect(errors).toEqual([]);
});
