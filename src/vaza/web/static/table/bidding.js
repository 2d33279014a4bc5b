// The bidding box (only the view's legal calls can be pressed; on a phone a compact one: levels,
// then strains), with what each call would mean and an alert for one's own call; and the auction
// grid (W–N–E–S columns), each call with its alert or its meaning in the robots' system.

import { h } from "../lib/dom.js";
import { t, language } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { rovingFocus } from "../lib/keyboard.js";
import { callEl, callLabel, callButtonLabel, suitIcon, STRAINS, SEATS } from "../lib/cards.js";

/** Meanings of the next calls already asked for, by game, auction and language. */
const meaningCache = new Map();

/** What each legal next call would mean in the robots' system (GET /api/games/{game}/meanings),
 *  asked once per auction and language: a promise of {call: text}, empty if the server can't say. */
export function nextMeanings(game, dealer, calls) {
  const key = [game, dealer, calls.join(","), language()].join("|");
  if (!meaningCache.has(key)) {
    const query = new URLSearchParams({ dealer, calls: calls.join(","), lang: language() });
    meaningCache.set(key, api.get(`/api/games/${game}/meanings?${query}`).then((body) => body.meanings || {}, () => ({})));
    if (meaningCache.size > 40) meaningCache.delete(meaningCache.keys().next().value);
  }
  return meaningCache.get(key);
}

/** Press this long on a call (a phone has no hover) to read its meaning without making it. */
const LONG_PRESS_MS = 450;

/** The alert being written for one's next call, kept across redraws until the call is made. */
const alerting = { on: false, text: "" };

/** The call pointed at, pressed or focused, and the long press under way: kept across redraws,
 *  since an update that comes mid-press draws a new box (the meanings of the same auction are
 *  the same promise, so a call pointed at in another auction is not carried over). */
const pointing = { call: null, meanings: null, timer: null, pressed: false, show: null };

/** The box's line that tells what a call would mean, and the hover, focus and long-press that
 *  fill it.  `meanings` is the promise of `nextMeanings` (or null: no system to explain). */
function meaningLine(box, meanings) {
  const line = h("p", { class: "call-meaning", "aria-live": "polite", hidden: true });
  if (!meanings) return line;
  let known = {};
  const show = (call) => {
    Object.assign(pointing, { call, meanings });
    const text = call && known[call];
    line.hidden = !text;
    line.textContent = text ? `${callLabel(call)}: ${text}` : "";
  };
  if (pointing.meanings !== meanings) Object.assign(pointing, { call: null, pressed: false });
  pointing.show = show; // the newest box's line
  meanings.then((found) => {
    known = found;
    for (const button of box.querySelectorAll(".bid[data-call]")) button.title = known[button.dataset.call] || "";
    if (pointing.show === show) show(pointing.call); // shown once its meaning is in
  });
  const callOf = (event) => event.target.closest?.(".bid[data-call]")?.dataset.call;
  box.addEventListener("mouseover", (event) => show(callOf(event)));
  box.addEventListener("focusin", (event) => show(callOf(event)));
  box.addEventListener("mouseleave", () => show(null));
  box.addEventListener("pointerdown", (event) => {
    const call = callOf(event);
    pointing.pressed = false;
    clearTimeout(pointing.timer);
    if (call && event.pointerType !== "mouse") {
      pointing.timer = setTimeout(() => { pointing.pressed = true; pointing.show(call); }, LONG_PRESS_MS);
    }
  });
  for (const name of ["pointerup", "pointercancel", "pointerleave"]) box.addEventListener(name, () => clearTimeout(pointing.timer));
  // A long press reads the call; it does not make it.
  box.addEventListener("click", (event) => {
    if (pointing.pressed) {
      pointing.pressed = false;
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);
  box.addEventListener("contextmenu", (event) => { if (callOf(event)) event.preventDefault(); });
  return line;
}

/** The alert of one's own call: a toggle, then the explanation the opponents will read. */
function alertControls(box) {
  const input = h("input", {
    type: "text",
    class: "alert-text",
    maxlength: 200,
    value: alerting.text,
    placeholder: t("alert.placeholder"),
    "aria-label": t("alert.explain"),
    oninput: (event) => { alerting.text = event.target.value; },
    onkeydown: (event) => event.stopPropagation(),
  });
  const field = h("label", { class: "alert-field", hidden: !alerting.on }, input);
  const toggle = h("button", {
    type: "button",
    class: "bid bid-alert",
    "aria-pressed": String(alerting.on),
    title: t("alert.about"),
    onclick: () => {
      alerting.on = !alerting.on;
      toggle.setAttribute("aria-pressed", String(alerting.on));
      field.hidden = !alerting.on;
      if (alerting.on) input.focus();
    },
  }, t("alert"));
  box.querySelector(".bid-row").append(toggle);
  box.append(field);
}

/** The call with the alert written for it, if any; the alert is spent once the call is made. */
function withAlert(onCall) {
  return (call) => {
    const text = alerting.on ? alerting.text.trim() : "";
    Object.assign(alerting, { on: false, text: "" });
    onCall(call, text || null);
  };
}

/** The bidding box, with the meaning of each call on hover, focus or a long press, and, where
 *  the game takes alerts, the alert of one's own call: `onCall(call, alert)`. */
export function biddingBox(legal, onCall, { meanings = null, alerts = false } = {}) {
  const box = callButtons(legal, alerts ? withAlert(onCall) : (call) => onCall(call, null));
  box.prepend(meaningLine(box, meanings));
  if (alerts) alertControls(box);
  // One Tab stop, the arrow keys between the calls (it was 38 Tab stops); the call pointed at
  // last (an update redrew the box under it) keeps the stop.
  const hint = h("p", { class: "sr-only", id: "bidding-keys" }, t("bidding.keys"));
  box.append(hint);
  box.setAttribute("aria-describedby", "bidding-keys");
  const kept = pointing.call ? box.querySelector(`.bid[data-call="${CSS.escape(pointing.call)}"]`) : null;
  rovingFocus(box, "button.bid", kept);
  return box;
}

/** Screens at most this wide (a phone) get the compact bidding box. */
export const PHONE_QUERY = "(max-width: 640px)";

/** The level chosen in the compact box, kept across redraws while the same calls are legal. */
const chosen = { key: null, level: null };

/** A phone's bidding box, as phone apps draw it: a row of levels, then a row of strains for
 *  the chosen level (the lowest legal one at first), then Pass, X and XX: three rows instead of
 *  seven, so the hand stays in view.  The strains carry the whole call (`data-call`), as the
 *  full box's buttons do. */
function compactBox(allowed, onCall) {
  const legalLevels = [1, 2, 3, 4, 5, 6, 7].filter((level) => STRAINS.some((s) => allowed.has(`${level}${s}`)));
  const key = [...allowed].sort().join(" ");
  if (chosen.key !== key || !legalLevels.includes(chosen.level)) Object.assign(chosen, { key, level: legalLevels[0] ?? null });
  const levelButtons = [1, 2, 3, 4, 5, 6, 7].map((level) => h("button", {
    type: "button",
    class: "bid bid-level",
    disabled: !legalLevels.includes(level),
    "aria-label": t("bidding.level", { n: level }),
    dataset: { level, focus: `level-${level}` },
    onclick: () => {
      chosen.level = level;
      paint();
    },
  }, String(level)));
  const strainButtons = STRAINS.map((strain) => h("button", {
    type: "button",
    class: `bid bid-strain strain-${strain}`,
    dataset: { strain, focus: `strain-${strain}` },
    onclick: (event) => {
      const call = event.currentTarget.dataset.call;
      if (call && allowed.has(call)) onCall(call);
    },
  }));
  function paint() {
    for (const button of levelButtons) button.setAttribute("aria-pressed", String(Number(button.dataset.level) === chosen.level));
    for (const button of strainButtons) {
      const strain = button.dataset.strain;
      const call = chosen.level ? `${chosen.level}${strain}` : null;
      if (call) button.dataset.call = call;
      else delete button.dataset.call;
      button.disabled = !call || !allowed.has(call);
      button.setAttribute("aria-label", call ? callButtonLabel(call) : t(strain === "NT" ? "strain.NT" : `suits.${strain}`));
      button.replaceChildren(chosen.level ? h("span", { class: "bid-strain-level" }, String(chosen.level)) : "",
        strain === "NT" ? h("span", { class: "nt" }, t("nt.short")) : suitIcon(strain));
    }
  }
  paint();
  const button = (call, content, extra) => h("button", {
    type: "button", class: `bid ${extra}`, disabled: !allowed.has(call), "aria-label": callButtonLabel(call),
    dataset: { call, focus: `call-${call}` }, onclick: () => onCall(call),
  }, content);
  return h("div", { class: "bidding-box compact", role: "group", "aria-label": t("bidding.box") },
    h("div", { class: "bid-levels", role: "group", "aria-label": t("bidding.levels") }, levelButtons),
    h("div", { class: "bid-strains", role: "group", "aria-label": t("bidding.strains") }, strainButtons),
    h("div", { class: "bid-row" },
      button("Pass", t("call.pass.short"), "bid-pass"),
      button("X", "X", "bid-double"),
      button("XX", "XX", "bid-redouble")));
}

function callButtons(legal, onCall) {
  const allowed = new Set(legal.filter((a) => a.type === "call").map((a) => a.call));
  if (window.matchMedia(PHONE_QUERY).matches) return compactBox(allowed, onCall);
  const lowest = [1, 2, 3, 4, 5, 6, 7].find((level) => STRAINS.some((s) => allowed.has(`${level}${s}`)));
  const levels = [1, 2, 3, 4, 5, 6, 7].filter((level) => lowest && level >= lowest);
  const button = (call, content, extra = "") => h("button", {
    type: "button",
    class: `bid ${extra}`,
    disabled: !allowed.has(call),
    "aria-label": callButtonLabel(call),
    dataset: { call, focus: `call-${call}` },
    onclick: () => onCall(call),
  }, content);
  return h("div", { class: "bidding-box", role: "group", "aria-label": t("bidding.box") },
    h("div", { class: "bid-grid" }, levels.map((level) => STRAINS.map((strain) => button(`${level}${strain}`,
      [String(level), strain === "NT" ? h("span", { class: "nt" }, t("nt.short")) : suitIcon(strain)], `strain-${strain}`)))),
    h("div", { class: "bid-row" },
      button("Pass", t("call.pass.short"), "bid-pass"),
      button("X", "X", "bid-double"),
      button("XX", "XX", "bid-redouble")));
}

/** The seats' columns as every site writes the auction: West, North, East, South (two-handed
 *  bridge: its two players in turn). */
function columns(seats) {
  return seats.length === 4 ? ["W", "N", "E", "S"] : seats;
}

/** The auction in rows of fixed W–N–E–S columns, the first call in the dealer's column (the
 *  cells before it left empty).  `explanations` maps a call's index to a robot's explanation and
 *  `alerts` to its caller's alert (the view sends only those the reader may read), shown on
 *  hover, focus or tap; an alert takes the place of the system's reading. */
export function auctionGrid(calls, dealer, { names = {}, toAct = null, explanations = null, alerts = null, seats = SEATS } = {}) {
  const order = columns(seats);
  const before = Math.max(0, order.indexOf(dealer));
  const blanks = Array.from({ length: before }, () => h("td", { class: "before-dealer", "aria-hidden": "true" }));
  const cells = calls.map((call, index) => {
    const alert = alerts && (alerts[index] ?? alerts[String(index)]);
    const text = alert ? `${t("alert")}: ${alert}` : explanations && (explanations[index] ?? explanations[String(index)]);
    const shown = callEl(call);
    if (!text) return h("td", { dataset: { index } }, shown);
    const id = `explain-${index}`;
    const tip = h("span", { class: "explain-tip", role: "tooltip", id, hidden: true }, text);
    return h("td", { class: alert ? "explained alerted" : "explained", dataset: { index } },
      h("button", {
        type: "button",
        class: "explain",
        title: text,
        "aria-describedby": id,
        "aria-expanded": "false",
        onclick: (event) => {
          const open = tip.hidden;
          tip.hidden = !open;
          event.currentTarget.setAttribute("aria-expanded", String(open));
        },
      }, shown, h("span", { class: alert ? "explain-mark alert-mark" : "explain-mark", "aria-hidden": "true" }, alert ? "!" : "?")),
      tip);
  });
  if (toAct) cells.push(h("td", { class: "to-call", "aria-label": t("auction.waiting") }, "?"));
  const all = [...blanks, ...cells];
  const rows = [];
  if (cells.length) for (let i = 0; i < all.length; i += order.length) rows.push(h("tr", null, all.slice(i, i + order.length)));
  return h("table", { class: "auction", "aria-label": t("auction") },
    h("thead", null, h("tr", null, order.map((seat) => h("th", { scope: "col", title: names[seat] || null },
      t(`seat.${seat}`), seat === dealer ? h("span", { class: "dealer-dot", title: t("dealer") }, "•") : null)))),
    h("tbody", null, rows.length ? rows : h("tr", null, h("td", { colspan: order.length, class: "muted" }, "—"))));
}
