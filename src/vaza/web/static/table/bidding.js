// The bidding box (only the view's legal calls can be pressed; on a phone a compact one: levels,
// then strains) and the auction grid (the dealer's column first, as the auction is written at the table).

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { callEl, callLabel, suitIcon, STRAINS, SEATS } from "../lib/cards.js";

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
      button.setAttribute("aria-label", call ? callLabel(call) : t(strain === "NT" ? "strain.NT" : `suits.${strain}`));
      button.replaceChildren(chosen.level ? h("span", { class: "bid-strain-level" }, String(chosen.level)) : "",
        strain === "NT" ? h("span", { class: "nt" }, t("nt.short")) : suitIcon(strain));
    }
  }
  paint();
  const button = (call, content, extra) => h("button", {
    type: "button", class: `bid ${extra}`, disabled: !allowed.has(call), "aria-label": callLabel(call),
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

export function biddingBox(legal, onCall) {
  const allowed = new Set(legal.filter((a) => a.type === "call").map((a) => a.call));
  if (window.matchMedia(PHONE_QUERY).matches) return compactBox(allowed, onCall);
  const lowest = [1, 2, 3, 4, 5, 6, 7].find((level) => STRAINS.some((s) => allowed.has(`${level}${s}`)));
  const levels = [1, 2, 3, 4, 5, 6, 7].filter((level) => lowest && level >= lowest);
  const button = (call, content, extra = "") => h("button", {
    type: "button",
    class: `bid ${extra}`,
    disabled: !allowed.has(call),
    "aria-label": callLabel(call),
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
 *  cells before it left empty).  `explanations` maps a call's index to a robot's explanation,
 *  shown on hover, focus or tap. */
export function auctionGrid(calls, dealer, { names = {}, toAct = null, explanations = null, seats = SEATS } = {}) {
  const order = columns(seats);
  const before = Math.max(0, order.indexOf(dealer));
  const blanks = Array.from({ length: before }, () => h("td", { class: "before-dealer", "aria-hidden": "true" }));
  const cells = calls.map((call, index) => {
    const text = explanations && (explanations[index] ?? explanations[String(index)]);
    const shown = callEl(call);
    if (!text) return h("td", { dataset: { index } }, shown);
    const id = `explain-${index}`;
    const tip = h("span", { class: "explain-tip", role: "tooltip", id, hidden: true }, text);
    return h("td", { class: "explained", dataset: { index } },
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
      }, shown, h("span", { class: "explain-mark", "aria-hidden": "true" }, "?")),
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
