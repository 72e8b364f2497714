// Helpers both widgets bundle.

// scriptOrigin is the origin the running classic script was loaded from
// (its default baseUrl); '' for an ES module, which has no currentScript.
// Call it while the bundle's top level runs.
export function scriptOrigin() {
  try {
    const s = typeof document !== 'undefined' && document.currentScript;
    return s && s.src ? new URL(s.src).origin : '';
  } catch (_) {
    return '';
  }
}

const adopted = new Set();
// adoptCss adds css to the document once, as a constructed stylesheet: not
// an inline <style>, so a page whose Content-Security-Policy forbids inline
// styles still gets it. Browsers without constructable stylesheets need
// the widget's .css file linked instead.
export function adoptCss(css) {
  if (adopted.has(css)) return;
  adopted.add(css);
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [sheet, ...document.adoptedStyleSheets];
  } catch (_) { /* link the .css file */ }
}
