// A small DOM builder: h("button", {class: "x", onclick}, "text", child...).
// Children may be strings, numbers, nodes, arrays, or null/false (skipped).

const SVG_NS = "http://www.w3.org/2000/svg";
const PROPS = new Set(["value", "checked", "selected", "indeterminate"]);

function apply(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (PROPS.has(key)) el[key] = value;
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
}

export function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
  return el;
}

export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  apply(el, props);
  return append(el, children);
}

export function svg(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "href") el.setAttribute("href", value);
    else el.setAttribute(key, String(value));
  }
  return append(el, children);
}

/** Replace a container's children, keeping keyboard focus on the element with the same
 *  data-focus key (or a fallback) so re-rendering never throws a keyboard user out. */
export function replaceKeepingFocus(container, ...children) {
  const active = document.activeElement;
  const inside = Boolean(active && container.contains(active));
  const key = inside ? active.dataset.focus : null;
  const fallback = inside ? active.dataset.focusNext : null;
  container.replaceChildren();
  append(container, children);
  if (key) {
    const candidates = [
      container.querySelector(`[data-focus="${CSS.escape(key)}"]`),
      fallback ? container.querySelector(`[data-focus="${CSS.escape(fallback)}"]`) : null,
      container.querySelector("[data-focus-default]"),
    ];
    const again = candidates.find((element) => element && !element.disabled && element.matches("button, a, input, select, [tabindex]"));
    if (again) again.focus({ preventScroll: true });
  }
  // Focus that had nowhere to go (the button pressed is gone) stays with a focusable container,
  // and moves from the container to its default control once one is drawn (your turn again).
  if (active === container) container.querySelector("[data-focus-default]")?.focus({ preventScroll: true });
  else if (inside && !container.contains(document.activeElement) && container.hasAttribute("tabindex")) {
    container.focus({ preventScroll: true });
  }
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

/** A visually hidden text for screen readers. */
export function sr(text) {
  return h("span", { class: "sr-only" }, text);
}
