// Shared page furniture: navigation without reloading, toasts, and modal dialogs.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";

const navigators = new Set();

export function onNavigate(listener) {
  navigators.add(listener);
}

export function navigate(path, { replace = false, state = null } = {}) {
  if (replace) history.replaceState(state, "", path);
  else history.pushState(state, "", path);
  for (const listener of navigators) listener();
}

/** A passing message; `actions` are buttons ({label, onclick}).  The same message said again
 *  while it shows replaces it (robots that claim trick after trick once stacked three alike
 *  over a phone's own hand). */
export function toast(message, { kind = "info", detail = null, actions = [], timeout = 6000 } = {}) {
  const box = document.getElementById("toasts");
  const said = JSON.stringify([kind, message, detail]);
  for (const shown of box.querySelectorAll(".toast")) if (shown.dataset.said === said) shown.remove();
  const close = () => item.remove();
  const item = h("div", { class: `toast toast-${kind}`, role: kind === "error" ? "alert" : "status", dataset: { said } },
    h("div", { class: "toast-text" }, h("strong", null, message), detail ? h("div", { class: "toast-detail" }, detail) : null),
    h("div", { class: "toast-actions" },
      actions.map((action) => h("button", { type: "button", class: "btn btn-small", onclick: () => { close(); action.onclick(); } }, action.label)),
      h("button", { type: "button", class: "btn btn-small btn-quiet", "aria-label": t("close"), onclick: close }, "×")));
  box.appendChild(item);
  if (timeout) setTimeout(close, timeout);
  return close;
}

/** The sentence for an error: a limit's in the reader's language (the server names the limit
 *  and its figure), else the server's own. */
export function errorDetail(code, message, data = null) {
  if (code === "no_user") return null; // the title says it in the reader's language
  if (code === "limit" && data && has(`limit.${data.limit}`)) return t(`limit.${data.limit}`, { n: data.max, s: data.retry_after });
  return message;
}

/** An error from the server (WebSocket `error` or an ApiError) as a toast in the reader's
 *  language: the code's sentence, with the server's own sentence as the detail. */
export function showError(code, message, data = null) {
  // No code: not the server's answer but this page's own failure (a script error caught on
  // its way to the reader): said in the console too, where a developer (and a test) sees it.
  if (!code) console.error(`unexpected error: ${message}`);
  const key = `error.${code}`;
  const title = code && has(key) ? t(key) : t("error.generic");
  toast(title, { kind: "error", detail: errorDetail(code, message, data) || null, timeout: 8000 });
}


/** A modal dialog built from parts; resolves with the value of the button pressed (or null).
 *  `handle.close()`, when a handle object is given, closes it from outside (resolving null). */
export function dialog({ title, body = [], buttons = [], className = "", handle = null }) {
  return new Promise((resolve) => {
    const element = h("dialog", { class: `dialog ${className}`, "aria-labelledby": "dialog-title" });
    let done = false;
    const finish = (value) => {
      if (done) return;
      done = true;
      element.close();
      element.remove();
      resolve(value);
    };
    if (handle) handle.close = () => finish(null);
    element.append(
      h("h2", { id: "dialog-title" }, title),
      h("div", { class: "dialog-body" }, body),
      h("div", { class: "dialog-buttons" },
        buttons.map((button) => h("button", {
          type: "button",
          class: `btn ${button.primary ? "btn-primary" : ""}`,
          dataset: { answer: String(button.value) },
          onclick: () => finish(typeof button.value === "function" ? button.value() : button.value),
        }, button.label))),
    );
    element.addEventListener("cancel", (event) => {
      event.preventDefault();
      finish(null);
    });
    document.body.appendChild(element);
    element.showModal();
    const first = element.querySelector("select, input, .btn-primary");
    if (first) first.focus();
  });
}
