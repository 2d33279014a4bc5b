// Log in, register, or play as a guest with one click.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { currentUser, logIn, register, playAsGuest } from "../lib/session.js";
import { errorDetail, navigate } from "../lib/ui.js";

export function mount(root, _params, query) {
  let mode = query.get("register") ? "register" : "login";
  let problem = null;
  const next = query.get("next") || "/";

  async function submit(event) {
    event.preventDefault();
    const data = new FormData(event.target);
    const name = String(data.get("name") || "").trim();
    const password = String(data.get("password") || "");
    problem = null;
    try {
      if (mode === "login") await logIn(name, password);
      else await register(name, password);
      navigate(next, { replace: true });
    } catch (error) {
      problem = error.status === 401 ? t("login.wrong") : errorDetail(error.code, error.message, error.data);
      draw();
    }
  }

  async function guest() {
    try {
      await playAsGuest();
      navigate(next, { replace: true });
    } catch (error) {
      problem = errorDetail(error.code, error.message, error.data);
      draw();

    }
  }

  function tab(which, key) {
    return h("button", { type: "button", role: "tab", class: "tab", "aria-selected": String(mode === which), onclick: () => { mode = which; problem = null; draw(); } }, t(key));
  }

  function draw() {
    const me = currentUser();
    root.replaceChildren(h("section", { class: "page narrow login" },
      h("h1", null, t(mode === "login" ? "login.title" : "register.title")),
      me ? h("p", { class: "note" }, t("login.already", { name: me.name })) : null,
      h("div", { class: "tabs", role: "tablist" }, tab("login", "login"), tab("register", "register")),
      h("form", { class: "stack", onsubmit: submit },
        h("label", { class: "field" }, h("span", { class: "field-label" }, t("login.name")),
          h("input", { name: "name", required: true, autocomplete: "username", minlength: mode === "register" ? 3 : 1, maxlength: 24 }),
          mode === "register" ? h("small", { class: "muted" }, t("register.name.hint")) : null),
        h("label", { class: "field" }, h("span", { class: "field-label" }, t("login.password")),
          h("input", { name: "password", type: "password", required: true, autocomplete: mode === "login" ? "current-password" : "new-password", minlength: mode === "register" ? 8 : 1 }),
          mode === "register" ? h("small", { class: "muted" }, t("register.password.hint")) : null),
        problem ? h("p", { class: "problem", role: "alert" }, problem) : null,
        h("button", { type: "submit", class: "btn btn-primary" }, t(mode === "login" ? "login" : "register"))),
      h("div", { class: "or" }, t("or")),
      h("button", { type: "button", class: "btn btn-large", onclick: guest }, t("guest.play")),
      h("p", { class: "muted small" }, t("guest.about"))));
  }

  draw();
  return { refresh: draw };
}
