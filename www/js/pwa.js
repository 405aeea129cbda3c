// @ts-check
/**
 * The offline app: registers the service worker (`sw.js`, which precaches
 * the whole build) and, when a newer build has installed and waits, offers
 * "new version — reload". Accepting activates it and reloads the page; the
 * game in progress comes back from the autosave written after every move.
 * Not used from `file://` or in an insecure context (no service workers
 * there) nor when embedded.
 * @module pwa
 */

/** @typedef {import('./i18n.js').Messages} Messages */

/**
 * @param {() => Messages} messages the page's current strings
 * @returns {Promise<ServiceWorkerRegistration | null>}
 */
export async function registerServiceWorker(messages) {
  if (!('serviceWorker' in navigator) || !isSecureContext || !/^https?:$/.test(location.protocol)) return null;
  const container = navigator.serviceWorker;
  let accepted = false;
  let controlled = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (accepted) {
      reload();
    } else if (controlled) {
      // Another tab accepted a new version: this one still runs the old code.
      offer(messages(), reload);
    }
    controlled = true;
  });
  /** @type {ServiceWorkerRegistration} */
  let registration;
  try {
    // Relative to the page (index.html sits beside sw.js), so the site works under any path.
    registration = await container.register('sw.js', { updateViaCache: 'none' });
  } catch (err) {
    console.warn('Mancala Atlas works online only here: the service worker did not register.', err);
    return null;
  }
  // Some hosts (and test browsers) block service workers without throwing.
  if (!registration) return null;
  /** @param {ServiceWorker} worker */
  const waiting = (worker) =>
    offer(messages(), () => {
      accepted = true;
      worker.postMessage({ type: 'skip-waiting' });
    });
  if (registration.waiting && container.controller) waiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      // Installed while an older build controls the page: it waits for the player.
      if (worker.state === 'installed' && container.controller) waiting(worker);
    });
  });
  // A page left open for days still hears of new builds.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {});
  });
  return registration;
}

/**
 * Reloads the page without the query and hash of a share link that opened
 * it, so the autosaved game is what comes back (the language is kept).
 */
function reload() {
  const lang = new URLSearchParams(location.search).get('lang');
  location.replace(location.pathname + (lang ? `?lang=${encodeURIComponent(lang)}` : ''));
}

/**
 * Shows "new version — reload" above the board (once).
 * @param {Messages} m
 * @param {() => void} accept
 */
function offer(m, accept) {
  if (document.getElementById('update')) return;
  const box = document.createElement('div');
  box.id = 'update';
  box.className = 'notice row';
  box.setAttribute('role', 'status');
  const text = document.createElement('span');
  text.textContent = m.t('update.ready');
  const now = document.createElement('button');
  now.type = 'button';
  now.className = 'primary';
  now.textContent = m.t('update.reload');
  const later = document.createElement('button');
  later.type = 'button';
  later.textContent = m.t('update.later');
  now.addEventListener('click', () => {
    now.disabled = true;
    accept();
  });
  later.addEventListener('click', () => box.remove());
  box.append(text, now, later);
  const anchor = document.getElementById('notice');
  if (anchor) anchor.before(box);
  else document.body.prepend(box);
}
