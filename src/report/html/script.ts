import { createHash } from 'node:crypto';

/**
 * The page's only script: clicking a chunk band, a boundary marker or a regression link shows
 * that chunk's details in the side panel. It copies a pre-rendered, already escaped element
 * (`#d-<chunk id>`) with `cloneNode`; it never builds markup from data.
 */
export const SCRIPT = `(function () {
  var body = document.getElementById('panel-body');
  function show(id) {
    var detail = id ? document.getElementById('d-' + id) : null;
    if (!detail || !body) return;
    var copy = detail.cloneNode(true);
    copy.removeAttribute('id');
    copy.hidden = false;
    body.replaceChildren(copy);
    var selected = document.querySelectorAll('.band.sel');
    for (var i = 0; i < selected.length; i++) selected[i].classList.remove('sel');
    var band = document.getElementById(id);
    if (band) band.classList.add('sel');
  }
  document.addEventListener('click', function (event) {
    var target = event.target instanceof Element ? event.target.closest('[data-ref]') : null;
    if (target) show(target.getAttribute('data-ref'));
  });
  document.addEventListener('keydown', function (event) {
    var target = event.target instanceof Element ? event.target.closest('.band') : null;
    if (target && (event.key === 'Enter' || event.key === ' ')) { event.preventDefault(); show(target.getAttribute('data-ref')); }
  });
  window.addEventListener('hashchange', function () { show(location.hash.slice(1)); });
  if (location.hash) show(location.hash.slice(1));
})();`;

/** The Content-Security-Policy source for {@link SCRIPT}: `'sha256-…'` of its exact text. */
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;

/**
 * The page's policy: nothing loads from anywhere (no network, no frames, no forms); styles are
 * inline; the only script that may run is {@link SCRIPT}, pinned by its hash — so even text
 * that slipped past escaping could not execute.
 */
export const CONTENT_SECURITY_POLICY = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src ${SCRIPT_HASH}; base-uri 'none'; form-action 'none'`;
