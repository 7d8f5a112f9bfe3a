"""Accessibility checks in the browser: the theme, axe-core, text contrast and the keyboard's focus.

- ``set_theme(page, dark)``: JupyterLab's Light or Dark theme, chosen from the Settings menu as a
  learner does (the choice is saved in the server's private settings: a test sets it back);
- ``axe_problems(page, selector)``: axe-core's serious and critical violations of WCAG 2.1 A and
  AA inside one table (``axe-playwright-python`` ships axe's JavaScript: it runs offline);
- ``low_contrast(page, selector)``: every text of a table whose colour, measured on the rendered
  page against the background it is drawn on, has a contrast below 4.5:1 (WCAG 2.1 AA);
- ``focus_ring(page)``: how the element in focus is marked (its outline or shadow), for a test
  that the keyboard's place is visible.
"""

from __future__ import annotations

import re

THEMES = {False: "JupyterLab Light", True: "JupyterLab Dark"}
WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
           "resultTypes": ["violations"]}


def set_theme(page, dark: bool) -> None:
    """Choose JupyterLab's Dark (or Light) theme in the Settings menu and wait until the page is in it."""
    want = "false" if dark else "true"
    if page.evaluate("() => document.body.dataset.jpThemeLight") == want:
        return
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Settings$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Theme$")).hover()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{THEMES[dark]}$")).click()
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{want}'", timeout=60_000)
    page.wait_for_timeout(600)  # the theme's style sheet is applied after the attribute changes


def axe_problems(page, selector: str) -> list[str]:
    """axe-core's serious and critical WCAG 2.1 A/AA violations inside ``selector``, one line each."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, context=selector, options=WCAG_AA)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") not in ("serious", "critical"):
            continue
        for node in violation["nodes"]:
            found.append(f"{violation['id']} ({violation['impact']}): {node['target']} "
                         f"{node.get('failureSummary', '')[:300]}")
    return found


# Every text inside the root, with its colour and the colour behind it, alpha-blended as drawn.
_CONTRAST_JS = r"""
([selector, minimum]) => {
  const parse = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const v = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1];
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((x) => {
      x /= 255;
      return x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const page = () => {
    for (const e of [document.body, document.documentElement]) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) return over(c, [255, 255, 255, 1]);
    }
    return [255, 255, 255, 1];
  };
  // the colour behind an element: its own and its ancestors' backgrounds, blended from the page up
  const behind = (element) => {
    const layers = [];
    for (let e = element; e && e !== document.documentElement; e = e.parentElement) {
      if (e instanceof SVGElement) {
        const svg = e.closest("svg[role=img]");
        const rect = svg && svg.querySelector("rect");
        if (rect && e !== rect) {
          const fill = parse(getComputedStyle(rect).fill);
          if (fill && fill[3] > 0) { layers.push(fill); break; }
        }
        continue;
      }
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) {
        layers.push(c);
        if (c[3] >= 1) break;
      }
    }
    return layers.reverse().reduce((bottom, top) => over(top, bottom), page());
  };
  const out = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent.trim() || !element || seen.has(element)) continue;
      seen.add(element);
      if (element.closest(".p101-item svg, .p101-sr-only, style, script, :disabled")) continue;
      if (element.getClientRects().length === 0) continue; // not drawn (a closed section)
      const style = getComputedStyle(element);
      if (style.visibility === "hidden") continue;
      const colour = parse(element instanceof SVGElement ? style.fill : style.color);
      if (!colour) continue;
      const back = behind(element);
      const value = ratio(over(colour, back), back);
      if (value < minimum) {
        const drawn = element instanceof SVGElement ? style.fill : style.color;
        out.push(`${value.toFixed(2)}:1 "${node.textContent.trim().slice(0, 40)}" ` +
                 `${drawn} on rgb(${back.slice(0, 3).map(Math.round)})`);
      }
    }
  }
  return out;
}
"""


def low_contrast(page, selector: str, minimum: float = 4.5) -> list[str]:
    """Every text inside ``selector`` whose rendered contrast is below ``minimum`` (one line each)."""
    return page.evaluate(_CONTRAST_JS, [selector, minimum])


def focus_ring(page) -> dict:
    """How the element in focus is drawn: its outline (style and width) and box shadow, and its class."""
    return page.evaluate("""() => {
      const e = document.activeElement, s = getComputedStyle(e);
      return {outline: s.outlineStyle, width: parseFloat(s.outlineWidth) || 0, shadow: s.boxShadow,
              className: String(e.className), id: e.dataset ? (e.dataset.id || '') : ''};
    }""")
