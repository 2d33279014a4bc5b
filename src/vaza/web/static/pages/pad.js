// The score pad for games played with real cards: enter each deal's result and the pad is
// drawn as players draw it (the server scores it: POST /api/pad).

import { h } from "../lib/dom.js";
import { t, formatNumber } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { STRAINS, SEATS, suitIcon } from "../lib/cards.js";
import { pad } from "../table/scorepad.js";
import { padScorings, label } from "../lib/games.js";

const KEY = "vaza.pad";

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    if (saved && Array.isArray(saved.lines)) return saved;
  } catch {
    // a broken saved pad starts afresh
  }
  return { system: "rubber", options: {}, dealer: "N", lines: [], finished: false, archive: [] };
}

export function mount(root) {
  const state = load();
  let reply = null;
  let problem = null;
  const entry = { level: 4, strain: "S", doubling: "", declarer: "S", tricks: 10, honours: "", revoke: "", hcp: "" };

  function save() {
    localStorage.setItem(KEY, JSON.stringify(state));
  }

  async function score() {
    save();
    try {
      reply = await api.post("/api/pad", { system: state.system, options: state.options, deals: state.lines, dealer: state.dealer, finished: state.finished });
      problem = null;
    } catch (error) {
      problem = error.message;
    }
    draw();
  }

  function contractText() {
    return `${entry.level}${entry.strain}${entry.doubling}`;
  }

  function addLine(line) {
    state.lines.push(line);
    score();
  }

  function addDeal(event) {
    event.preventDefault();
    let line = `${contractText()} ${entry.declarer}`;
    if (entry.revoke) line += ` revoke ${entry.revoke}`;
    else line += ` ${entry.tricks}`;
    if (entry.honours && !entry.revoke) {
      const [side, points] = entry.honours.split(":");
      line += ` honours ${side} ${points}`;
    }
    if (state.system === "russian" && entry.hcp !== "") line += ` hcp ${entry.hcp}`;
    addLine(line);
  }

  function select(name, label, value, choices, onchange) {
    return h("label", { class: "field" }, h("span", { class: "field-label" }, label),
      h("select", { name, onchange: (e) => { onchange(e.target.value); draw(); } },
        choices.map(([v, text]) => h("option", { value: v, selected: String(v) === String(value) }, text))));
  }

  function optionFields() {
    const scoring = padScorings().find((s) => s.name === state.system);
    return (scoring ? scoring.options : []).map((option) => {
      const { name } = option;
      const value = state.options[name] ?? option.default;
      const set = (v) => {
        if (v === option.default) delete state.options[name];
        else state.options[name] = v;
        score();
      };
      if (option.kind === "bool") return h("label", { class: "check" }, h("input", { type: "checkbox", name, checked: Boolean(value), onchange: (e) => set(e.target.checked) }), " ", label(option.label));
      return h("label", { class: "field" }, h("span", { class: "field-label" }, label(option.label)),
        h("select", { name, onchange: (e) => set(e.target.value) }, option.choices.map((c) => h("option", { value: c.value, selected: c.value === value }, label(c.label)))));
    });
  }

  function newSheet() {
    if (reply && reply.sheet) state.archive.push({ system: state.system, totals: reply.sheet.totals, deals: state.lines.length });
    state.lines = [];
    state.finished = false;
    score();
  }

  function draw() {
    const sheet = reply && reply.sheet;
    const errors = new Map((reply ? reply.errors : []).map((error) => [error.line, error.message]));
    const needed = entry.level + 6;
    root.replaceChildren(h("section", { class: "page pad-page" },
      h("h1", null, t("pad.page.title")),
      h("p", { class: "muted" }, t("pad.page.lead")),
      h("div", { class: "pad-layout" },
        h("div", { class: "pad-entry-box panel" },
          h("div", { class: "row" },
            select("system", t("create.scoring"), state.system, padScorings().map((s) => [s.name, label(s.label)])
, (v) => { state.system = v; state.options = {}; score(); }),
            select("dealer", t("pad.first.dealer"), state.dealer, SEATS.map((s) => [s, t(`seat.long.${s}`)]), (v) => { state.dealer = v; score(); })),
          h("div", { class: "options" }, optionFields()),
          h("form", { class: "deal-form", onsubmit: addDeal, "aria-label": t("pad.add") },
            h("div", { class: "row" },
              select("level", t("pad.level"), entry.level, [1, 2, 3, 4, 5, 6, 7].map((n) => [n, String(n)]), (v) => { entry.level = Number(v); entry.tricks = Number(v) + 6; }),
              h("fieldset", { class: "strain-pick" }, h("legend", null, t("pad.strain")),
                STRAINS.map((strain) => h("label", { class: `strain-choice strain-${strain}` },
                  h("input", { type: "radio", name: "strain", value: strain, checked: entry.strain === strain, onchange: () => { entry.strain = strain; } }),
                  strain === "NT" ? h("span", { class: "nt" }, t("nt.short")) : suitIcon(strain),
                  h("span", { class: "sr-only" }, t(strain === "NT" ? "strain.NT" : `suits.${strain}`))))),
              select("doubling", t("pad.doubling"), entry.doubling, [["", "—"], ["X", "X"], ["XX", "XX"]], (v) => { entry.doubling = v; })),
            h("div", { class: "row" },
              select("declarer", t("declarer"), entry.declarer, SEATS.map((s) => [s, t(`seat.long.${s}`)]), (v) => { entry.declarer = v; }),
              select("tricks", t("pad.tricks"), entry.tricks, Array.from({ length: 14 }, (_, n) => [n, n === needed ? `${n} (=)` : n > needed ? `${n} (+${n - needed})` : `${n} (−${needed - n})`]), (v) => { entry.tricks = Number(v); }),
              select("honours", t("pad.honours"), entry.honours, [["", "—"], ["NS:100", `${t("side.NS")} 100`], ["NS:150", `${t("side.NS")} 150`], ["EW:100", `${t("side.EW")} 100`], ["EW:150", `${t("side.EW")} 150`]], (v) => { entry.honours = v; }),
              select("revoke", t("pad.revoke"), entry.revoke, [["", "—"], ...SEATS.map((s) => [s, t(`seat.long.${s}`)])], (v) => { entry.revoke = v; }),
              state.system === "russian" ? h("label", { class: "field" }, h("span", { class: "field-label" }, t("pad.hcp")),
                h("input", { type: "number", name: "hcp", min: 0, max: 40, value: entry.hcp, inputmode: "numeric", onchange: (e) => { entry.hcp = e.target.value; } })) : null),
            h("div", { class: "row" },
              h("button", { type: "submit", class: "btn btn-primary" }, t("pad.add")),
              h("button", { type: "button", class: "btn", onclick: () => addLine(state.system === "russian" && entry.hcp !== "" ? `pass hcp ${entry.hcp}` : "pass") }, t("pad.passed")))),
          h("form", { class: "row line-form", onsubmit: (event) => {
            event.preventDefault();
            const input = event.target.querySelector("input");
            if (input.value.trim()) addLine(input.value.trim());
          } },
          h("label", { class: "field grow" }, h("span", { class: "field-label" }, t("pad.typeline")), h("input", { name: "line", placeholder: "4S N 10 · 3NTX E -2 · pass", autocomplete: "off" })),
          h("button", { type: "submit", class: "btn" }, t("pad.add.line"))),
          h("ol", { class: "pad-lines" }, state.lines.map((line, i) => h("li", { class: errors.has(i + 1) ? "bad" : "" },
            h("code", null, line),
            errors.has(i + 1) ? h("span", { class: "problem small" }, ` ${errors.get(i + 1)}`) : null,
            h("button", { type: "button", class: "btn btn-small btn-quiet", "aria-label": t("pad.remove", { n: i + 1 }), onclick: () => { state.lines.splice(i, 1); score(); } }, "×")))),
          h("label", { class: "check" }, h("input", { type: "checkbox", name: "finished", checked: state.finished, onchange: (e) => { state.finished = e.target.checked; score(); } }), " ", t("pad.finished"))),
        h("div", { class: "panel" },
          h("h2", null, t(`scoring.${state.system}`)),
          problem ? h("p", { class: "problem", role: "alert" }, problem) : null,
          sheet ? pad(sheet, { we: "NS" }) : h("p", { class: "muted" }, t("loading")),
          sheet && sheet.over ? h("div", { class: "row" }, h("p", null, h("strong", null, sheet.rubber_winner ? t("pad.rubber.won", { side: t(`side.${sheet.rubber_winner === "NS" ? "we" : "they"}`) }) : t("pad.over"))),
            h("button", { type: "button", class: "btn btn-primary", onclick: newSheet }, t("pad.new"))) : null,
          state.archive.length ? h("div", null, h("h3", null, t("pad.previous")), h("ul", null, state.archive.map((old) => h("li", null,
            `${t(`scoring.${old.system}`)}: ${t("side.we")} ${formatNumber(old.totals.NS)} · ${t("side.they")} ${formatNumber(old.totals.EW)}`))),
          h("button", { type: "button", class: "btn btn-small btn-quiet", onclick: () => { state.archive = []; save(); draw(); } }, t("pad.clear.previous"))) : null))));
  }

  draw();
  score();
  return { refresh: draw };
}
