// Home and lobby: the live list of tables, and the form that creates one.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { currentUser, playAsGuest } from "../lib/session.js";
import * as socket from "../lib/socket.js";
import { navigate, showError } from "../lib/ui.js";
import { suitIcon } from "../lib/cards.js";
import { games, gameSpec, label, tableDefaults } from "../lib/games.js";
import * as friendsPanel from "./friends.js";

const FORM_KEY = "vaza.newTable";

export function mount(root) {
  const tables = new Map();
  const list = h("div", { class: "table-list", "aria-live": "polite" });
  const formBox = h("div");
  const friendsBox = h("div", { class: "friends-box" });
  const friends = friendsPanel.mount(friendsBox);
  const form = loadForm();

  function loadForm() {
    try {
      return { ...defaults(), ...JSON.parse(localStorage.getItem(FORM_KEY) || "{}"), public: true };
    } catch {
      return defaults();
    }
  }

  function defaults() {
    const first = games()[0];
    return { game: first.game, scoring: first.scorings[0].name, players: first.players[0], public: true, kibitzers: true, kibitzers_see_all: false, robots: true, seconds: "", ready_wait: "", variant: {} };
  }

  /** The chosen game's spec, its scoring and players made valid if the registry changed. */
  function chosen() {
    let spec = gameSpec(form.game);
    if (!spec) {
      spec = games()[0];
      form.game = spec.game;
    }
    let scoring = spec.scorings.find((s) => s.name === form.scoring);
    if (!scoring) {
      scoring = spec.scorings[0];
      form.scoring = scoring.name;
      form.variant = {};
    }
    if (!spec.players.includes(Number(form.players))) form.players = spec.players[0];
    const names = new Set(scoring.options.map((option) => option.name));
    for (const name of Object.keys(form.variant)) if (!names.has(name)) delete form.variant[name];
    return { spec, scoring };
  }

  function drawList() {
    // A table whose people are all away ("paused") waits for them out of the lobby.
    const rows = [...tables.entries()].filter(([, s]) => s.status !== "finished" && s.status !== "paused");
    if (!rows.length) {
      list.replaceChildren(h("p", { class: "empty" }, t("lobby.empty")));
      return;
    }
    list.replaceChildren(h("ul", { class: "tables" }, rows.map(([id, summary]) => tableRow(id, summary))));
  }

  function tableRow(id, summary) {
    const seats = Object.entries(summary.seats || {});
    // Robots fill only the seats nobody takes: a robot's seat is one a person may join in.
    const free = seats.filter(([, occupant]) => !occupant || (occupant.robot && !occupant.reserved)).length;
    // Names are unique in the club: a person's seat is the one that carries their name.
    const me = currentUser();
    const mine = Boolean(me) && seats.some(([, occupant]) => occupant && !occupant.robot && occupant.name === me.name);
    const action = mine
      ? h("a", { class: "btn btn-primary return", href: `/table/${encodeURIComponent(id)}` }, t("lobby.return"))
      : h("a", { class: `btn ${free ? "btn-primary" : ""}`, href: `/table/${encodeURIComponent(id)}${free ? "?seat=" : ""}` }, free ? t("lobby.join") : t("lobby.watch"));
    return h("li", { class: `lobby-table${mine ? " mine" : ""}`, dataset: { table: id } },
      h("div", { class: "lobby-game" },
        summary.name ? h("strong", { class: "table-name" }, summary.name, " · ") : null,
        h("strong", null, t(`game.${summary.game}`)),
        h("span", { class: "muted" }, ` · ${t(`scoring.${summary.scoring}`)}`),
        h("div", { class: "muted small" },
          t(`status.${summary.status}`),
          summary.deals ? ` · ${t("lobby.deals", { n: summary.deals })}` : "",
          ` · ${t("lobby.kibitzers", { n: summary.kibitzers || 0 })}`)),
      h("ul", { class: "lobby-seats", "aria-label": t("seats") }, seats.map(([seat, occupant]) => h("li", { class: occupant ? (occupant.robot ? "robot" : "human") : "free" },
        h("span", { class: "seat-letter" }, seatShort(seat)
),
        occupant ? [occupant.robot ? t("robot.at", { seat: seatShort(seat) }) : occupant.name, occupant.robot ? h("span", { class: "badge" }, t("robot")) : null] : t("seat.free")))),

      action);
  }

  function onMessage(message) {
    if (message.type === "lobby") {
      tables.clear();
      for (const entry of message.tables) tables.set(entry.table, entry.summary);
      drawList();
    } else if (message.type === "lobby_update") {
      if (message.summary.status === "finished" || message.summary.public === false) tables.delete(message.table);
      else tables.set(message.table, { ...tables.get(message.table), ...message.summary });
      drawList();
    }
  }

  function field(label, control, hint = null) {
    return h("label", { class: "field" }, h("span", { class: "field-label" }, label), control, hint ? h("small", { class: "muted" }, hint) : null);
  }

  function check(name, label, checked, onchange) {
    return h("label", { class: "check" }, h("input", { type: "checkbox", name, checked, onchange: (e) => onchange(e.target.checked) }), " ", label);
  }

  /** The form as it was left, but "private": each table is public unless its creator says
   *  otherwise (a private tick never carries over to the next table unseen). */
  function save() {
    const kept = { ...form };
    delete kept.public;
    localStorage.setItem(FORM_KEY, JSON.stringify(kept));
  }

  function setGame(game) {
    form.game = game;
    form.scoring = null;
    form.variant = {};
    chosen();
    save();
    drawForm();
  }

  /** A control for one option of the registry's schema (bool, choice, number, numbers). */
  function optionControl(option) {
    const { name, kind } = option;
    const fallback = option.default;
    const value = form.variant[name] ?? fallback;
    const set = (v) => {
      if (v === fallback || v === "" || v === null || Number.isNaN(v)) delete form.variant[name];
      else form.variant[name] = v;
      save();
    };
    const text = label(option.label);
    const hint = option.hint ? label(option.hint) : null;
    if (kind === "bool") return check(`variant-${name}`, text, Boolean(value), set);
    if (kind === "choice") {
      return field(text, h("select", { name: `variant-${name}`, onchange: (e) => set(e.target.value) },
        option.choices.map((choice) => h("option", { value: choice.value, selected: choice.value === value }, label(choice.label)))), hint);
    }
    if (kind === "number") {
      return field(text, h("input", { type: "number", name: `variant-${name}`, min: option.minimum, max: option.maximum, inputmode: "numeric", value: value ?? "", placeholder: t("option.none"),
        onchange: (e) => set(e.target.value === "" ? fallback : Number(e.target.value)) }), hint);
    }
    return field(text, h("input", { type: "text", name: `variant-${name}`, value: (value || []).join(", "), placeholder: "1, 2, 3, 2, 1", inputmode: "numeric",
      onchange: (e) => {
        const numbers = e.target.value.split(/[\s,;]+/).filter(Boolean).map(Number);
        set(numbers.length ? numbers : null);
      } }), hint);
  }

  function drawForm() {
    const me = currentUser();
    if (!me) {
      formBox.replaceChildren(h("section", { class: "hero" },
        h("h1", null, t("home.title")),
        h("p", { class: "lead" }, t("home.lead")),
        h("div", { class: "hero-actions" },
          h("button", { type: "button", class: "btn btn-primary btn-large", onclick: guest }, t("guest.play")),
          h("a", { class: "btn btn-large", href: "/login" }, t("login.or.register")))));
      return;
    }
    const { spec, scoring } = chosen();
    const options = scoring.options;
    formBox.replaceChildren(h("section", { class: "panel create" },
      h("h1", null, t("create.title")),
      h("form", { class: "create-form", onsubmit: create },
        h("div", { class: "row" },
          field(t("create.game"), h("select", { name: "game", onchange: (e) => setGame(e.target.value) },
            games().map((game) => h("option", { value: game.game, selected: game.game === form.game }, label(game.label))))),
          spec.scorings.length > 1
            ? field(t("create.scoring"), h("select", { name: "scoring", onchange: (e) => { form.scoring = e.target.value; form.variant = {}; save(); drawForm(); } },
              spec.scorings.map((s) => h("option", { value: s.name, selected: s.name === form.scoring }, label(s.label)))))
            : null,
          spec.players.length > 1
            ? field(t("create.players"), h("select", { name: "players", onchange: (e) => { form.players = Number(e.target.value); save(); } },
              [...spec.players].sort((a, b) => a - b).map((n) => h("option", { value: n, selected: n === Number(form.players) }, String(n)))))
            : null),
        h("p", { class: "muted small game-about" }, label(spec.about)),
        h("p", { class: "muted small scoring-about" }, label(scoring.about)),
        options.length ? h("fieldset", { class: "options" }, h("legend", null, t("create.options")), options.map(optionControl)) : null,
        h("fieldset", { class: "options" }, h("legend", null, t("create.table")),
          check("public", t("create.public"), form.public, (v) => { form.public = v; save(); }),
          check("kibitzers", t("create.kibitzers"), form.kibitzers, (v) => { form.kibitzers = v; save(); }),
          check("kibitzers_see_all", t("create.kibitzers_see_all"), form.kibitzers_see_all, (v) => { form.kibitzers_see_all = v; save(); }),
          check("robots", t("create.robots"), form.robots, (v) => { form.robots = v; save(); }),
          field(t("create.seconds"), h("select", { name: "seconds", onchange: (e) => { form.seconds = e.target.value; save(); } },
            ["", "15", "30", "60", "120", "300"].map((s) => h("option", { value: s, selected: s === String(form.seconds || "") }, s ? t("create.seconds.n", { n: s }) : t("create.seconds.none"))))),
          readyWaitField()),
        h("button", { type: "submit", class: "btn btn-primary btn-large" }, t("create.submit")))));
  }

  /** When the next deal starts: once everyone is ready, or after a wait (the server's default
   *  first chosen). */
  function readyWaitField() {
    const usual = String(tableDefaults().ready_wait ?? "");
    const chosenWait = form.ready_wait === "" ? usual : String(form.ready_wait);
    const waits = [...new Set(["0", "10", usual, "30", "60", "120"])].filter((s) => s !== "").sort((a, b) => Number(a) - Number(b));
    return field(t("create.ready"), h("select", { name: "ready_wait", onchange: (e) => { form.ready_wait = e.target.value; save(); } },
      waits.map((s) => h("option", { value: s, selected: s === chosenWait }, s === "0" ? t("create.ready.all") : t("create.ready.n", { n: s })))));
  }

  async function guest() {
    try {
      await playAsGuest();
    } catch (error) {
      showError(error.code, error.message, error.data);
    }
  }

  async function create(event) {
    event.preventDefault();
    const { spec } = chosen();
    const body = {
      game: form.game,
      scoring: form.scoring,
      variant: form.variant,
      players: spec.players.includes(Number(form.players)) ? Number(form.players) : spec.players[0],

      public: form.public,
      kibitzers: form.kibitzers,
      kibitzers_see_all: form.kibitzers_see_all,
      robots: form.robots,
      seconds_per_action: form.seconds ? Number(form.seconds) : null,
      ...(form.ready_wait === "" ? {} : { ready_wait: Number(form.ready_wait) }),
    };
    let created;
    try {
      created = await api.post("/api/tables", body);
    } catch (error) {
      showError(error.code || "parse_error", error.message, error.data);
      return;
    }
    // Outside the try: a failure of the table's page is not a failure to create the table.
    navigate(`/table/${encodeURIComponent(created.table)}`, { state: { sit: true } });
  }

  function draw() {
    root.replaceChildren(h("div", { class: `page lobby${currentUser() ? " two" : ""}` },
      formBox,
      h("div", { class: "lobby-side" }, friendsBox, h("section", { class: "panel" },
        h("h2", null, suitIcon("C", "heading-suit"), t("lobby.title")),
        list))));
    drawForm();
    drawList();
  }

  const stop = socket.onMessage(onMessage);
  socket.watchLobby(true);
  draw();
  return {
    unmount() {
      stop();
      socket.watchLobby(false);
      friends.unmount();
    },
    refresh() {
      draw();
      friends.refresh();
    },
  };
}

/** A seat's short name: a compass letter, or a player's number where seats are numbered. */
export function seatShort(seat) {
  return /^\d+$/.test(seat) ? String(Number(seat) + 1) : t(`seat.${seat}`);
}
