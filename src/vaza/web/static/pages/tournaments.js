// Duplicate events: the list (public ones, and yours) and the form that creates one — a robot
// tournament, a pairs game or a team match, with its boards (random, a seed, or a PBN file)
// and its scoring.  The server checks everything again (docs/tournaments.md); this shapes the form.

import { h } from "../lib/dom.js";
import { t, formatDate } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { currentUser, playAsGuest } from "../lib/session.js";
import { navigate, showError } from "../lib/ui.js";
import { suitIcon } from "../lib/cards.js";

/** The server's limits (vaza.tournaments.model), so the form offers only what it accepts. */
export const LIMITS = { boards: 36, tables: 13, robotTables: 6 };
export const KINDS = ["robot", "pairs", "teams"];

function defaults() {
  return { kind: "robot", name: "", boards: 8, source: "random", seed: "", pbn: "", scoring: "mp", imps: "cross", public: true, robot_tables: 2, tables: 2, rounds: 2 };
}

/** How an event is scored, in words: "Matchpoints", "IMPs (Butler)", "IMPs between the tables". */
export function scoringText(event) {
  const rules = event.rules || {};
  if (event.kind === "teams") return t("events.scoring.teams");
  if (rules.scoring === "imps") return t(`events.scoring.imps.${rules.imps || "cross"}`);
  return t("events.scoring.mp");
}

export function mount(root) {
  let events = null;
  let problem = null;
  let formProblem = null;
  let busy = false;
  const form = defaults();
  const listBox = h("div", { class: "event-list", "aria-live": "polite" });
  const formBox = h("div");

  async function load() {
    try {
      events = await api.get("/api/events");
      problem = null;
    } catch (error) {
      problem = error.message;
    }
    drawList();
  }

  function drawList() {
    if (problem) {
      listBox.replaceChildren(h("p", { class: "problem", role: "alert" }, problem));
      return;
    }
    if (!events) {
      listBox.replaceChildren(h("p", null, t("loading")));
      return;
    }
    if (!events.length) {
      listBox.replaceChildren(h("p", { class: "empty" }, t("events.empty")));
      return;
    }
    listBox.replaceChildren(h("div", { class: "table-scroll" }, h("table", { class: "score-table events-table" },
      h("caption", { class: "sr-only" }, t("events.list")),
      h("thead", null, h("tr", null, ["events.col.name", "events.col.kind", "events.col.boards", "events.col.scoring", "events.col.status", "events.col.created"].map((key) => h("th", { scope: "col" }, t(key))))),
      h("tbody", null, events.map((event) => h("tr", { dataset: { event: event.id } },
        h("th", { scope: "row" }, h("a", { href: `/events/${encodeURIComponent(event.id)}` }, event.name),
          event.public ? null : h("span", { class: "badge" }, t("private"))),
        h("td", null, t(`events.kind.${event.kind}`)),
        h("td", null, String((event.rules || {}).boards ?? "")),
        h("td", null, scoringText(event)),
        h("td", null, t(`events.status.${event.status}`)),
        h("td", null, formatDate(event.created_at))))))));
  }

  function field(label, control, hint = null) {
    return h("label", { class: "field" }, h("span", { class: "field-label" }, label), control, hint ? h("small", { class: "muted" }, hint) : null);
  }

  function number(name, value, min, max, onchange) {
    return h("input", { type: "number", name, min, max, step: 1, inputmode: "numeric", value: String(value), required: true,
      onchange: (e) => onchange(Number(e.target.value)) });
  }

  function set(patch, redraw = false) {
    Object.assign(form, patch);
    if (redraw) drawForm();
  }

  function readFile(event) {
    const file = event.target.files && event.target.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      set({ pbn: String(reader.result || "") }, true);
    };
    reader.onerror = () => showError("parse_error", String(reader.error || ""));
    reader.readAsText(file);
  }

  function sourceFields() {
    if (form.source === "seed") {
      return field(t("events.seed"), h("input", { name: "seed", value: form.seed, maxlength: 100, required: true, autocomplete: "off", oninput: (e) => set({ seed: e.target.value }) }), t("events.seed.about"));
    }
    if (form.source === "pbn") {
      return h("div", { class: "pbn-source" },
        field(t("events.pbn.file"), h("input", { type: "file", name: "pbn-file", accept: ".pbn,text/plain", onchange: readFile })),
        field(t("events.pbn.text"), h("textarea", { name: "pbn", rows: 6, spellcheck: "false", value: form.pbn, required: true, oninput: (e) => set({ pbn: e.target.value }) }), t("events.pbn.about")));
    }
    return h("p", { class: "muted small" }, t("events.random.about"));
  }

  function kindFields() {
    if (form.kind === "robot") {
      return field(t("events.robot_tables"), number("robot_tables", form.robot_tables, 1, LIMITS.robotTables, (v) => set({ robot_tables: v })), t("events.robot_tables.about"));
    }
    if (form.kind === "pairs") {
      return h("div", { class: "row" },
        field(t("events.tables"), number("tables", form.tables, 1, LIMITS.tables, (v) => set({ tables: v, rounds: Math.min(form.rounds, v) }, true))),
        field(t("events.rounds"), number("rounds", form.rounds, 1, form.tables, (v) => set({ rounds: v })), t("events.rounds.about")));
    }
    return h("p", { class: "muted small" }, t("events.teams.about"));
  }

  function scoringFields() {
    if (form.kind === "teams") return h("p", { class: "muted small" }, t("events.scoring.teams.about"));
    return [h("div", { class: "row" },
      field(t("events.scoring"), h("select", { name: "scoring", onchange: (e) => set({ scoring: e.target.value }) },
        ["mp", "imps"].map((value) => h("option", { value, selected: value === form.scoring }, t(`events.scoring.${value}`))))),
      field(t("events.imps"), h("select", { name: "imps", onchange: (e) => set({ imps: e.target.value }) },
        ["cross", "butler"].map((value) => h("option", { value, selected: value === form.imps }, t(`events.imps.${value}`)))))),
    h("p", { class: "muted small" }, t("events.imps.about"))];
  }

  function drawForm() {
    if (!currentUser()) {
      formBox.replaceChildren(h("section", { class: "panel" },
        h("h2", null, t("events.create")),
        h("p", null, t("events.login")),
        h("div", { class: "hero-actions" },
          h("button", { type: "button", class: "btn btn-primary", onclick: guest }, t("guest.play")),
          h("a", { class: "btn", href: "/login" }, t("login.or.register")))));
      return;
    }
    formBox.replaceChildren(h("section", { class: "panel create" },
      h("h2", null, t("events.create")),
      h("form", { class: "event-form", onsubmit: create },
        h("div", { class: "row" },
          field(t("events.kind"), h("select", { name: "kind", onchange: (e) => set({ kind: e.target.value }, true) },
            KINDS.map((kind) => h("option", { value: kind, selected: kind === form.kind }, t(`events.kind.${kind}`))))),
          field(t("events.name"), h("input", { name: "name", value: form.name, maxlength: 80, required: true, autocomplete: "off", placeholder: t("events.name.placeholder"), oninput: (e) => set({ name: e.target.value }) }))),
        h("p", { class: "muted small" }, t(`events.kind.${form.kind}.about`)),
        kindFields(),
        h("fieldset", { class: "options" }, h("legend", null, t("events.boards.legend")),
          h("div", { class: "row" },
            field(t("events.boards"), h("input", { type: "number", name: "boards", min: 1, max: LIMITS.boards, step: 1, inputmode: "numeric", value: form.boards === null ? "" : String(form.boards), required: form.source !== "pbn",
              placeholder: form.source === "pbn" ? t("events.boards.all") : "", onchange: (e) => set({ boards: e.target.value === "" ? null : Number(e.target.value) }) }),
            form.kind === "pairs" ? t("events.boards.pairs") : null),
            field(t("events.source"), h("select", { name: "source", onchange: (e) => set({ source: e.target.value }, true) },
              ["random", "seed", "pbn"].map((value) => h("option", { value, selected: value === form.source }, t(`events.source.${value}`)))))),
          sourceFields()),
        h("fieldset", { class: "options" }, h("legend", null, t("events.scoring")), scoringFields()),
        h("label", { class: "check" }, h("input", { type: "checkbox", name: "public", checked: form.public, onchange: (e) => set({ public: e.target.checked }) }), " ", t("events.public")),
        formProblem ? h("p", { class: "problem", role: "alert" }, formProblem) : null,
        h("button", { type: "submit", class: "btn btn-primary btn-large", disabled: busy }, t("events.submit")))));
  }

  function body() {
    const request = { kind: form.kind, name: form.name.trim(), source: form.source, public: form.public };
    if (form.boards !== null && !Number.isNaN(form.boards)) request.boards = form.boards;
    if (form.source === "seed") request.seed = form.seed;
    if (form.source === "pbn") request.pbn = form.pbn;
    if (form.kind !== "teams") {
      request.scoring = form.scoring;
      request.imps = form.imps;
    }
    if (form.kind === "robot") request.robot_tables = form.robot_tables;
    if (form.kind === "pairs") {
      request.tables = form.tables;
      request.rounds = form.rounds;
    }
    return request;
  }

  async function create(event) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    formProblem = null;
    drawForm();
    try {
      const created = await api.post("/api/events", body());
      navigate(`/events/${encodeURIComponent(created.event.id)}`);
    } catch (error) {
      busy = false;
      formProblem = error.message;
      drawForm();
    }
  }

  async function guest() {
    try {
      await playAsGuest();
    } catch (error) {
      showError(error.code, error.message, error.data);
    }
  }

  function draw() {
    root.replaceChildren(h("div", { class: `page lobby${currentUser() ? " two" : ""}` },
      formBox,
      h("section", { class: "panel" },
        h("h1", null, suitIcon("D", "heading-suit"), t("events.title")),
        h("p", { class: "muted small" }, t("events.lead")),
        listBox)));
    drawForm();
    drawList();
  }

  draw();
  load();
  return { refresh: () => { draw(); load(); } };
}
