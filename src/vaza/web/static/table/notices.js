// What happened at the table that nobody would otherwise see: someone lost their connection
// (with the seconds their seat is held), a robot took over or they came back, a time limit ran
// out (and what was played), an undo was asked, refused or granted, what a robot chose for you
// while you were away; and, between deals, who is ready for the next one.  Said in a polite
// live region in the reader's language.  The clocks count down on this page from the seconds
// the server says are left (`holds`, `deal_in`, `time_left`), never from its clock.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { parseCard, rankText, parseCall } from "../lib/cards.js";
import { api } from "../lib/api.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** How long a passing notice stays (seconds); what a robot chose for you stays until closed. */
const KEPT = 20;
const MOST = 3;

/** An action in a few characters, as players write it: "♠7", "1NT", "Pass", "X". */
export function actionText(action) {
  switch (action && action.type) {
    case "call": {
      const call = parseCall(action.call);
      if (call.kind === "Pass") return t("call.pass.short");
      if (call.kind !== "bid") return call.kind;
      return `${call.level}${call.strain === "NT" ? t("nt.short") : SUIT[call.strain]}`;
    }
    case "play": {
      if (!action.card) return t("played.lowest", { suit: SUIT[action.suit] || action.suit });
      const card = parseCard(action.card);
      return card.special ? action.card : `${SUIT[card.suit]}${rankText(card.rank)}`;
    }
    case "bid": return t("played.bid", { n: action.tricks });
    case "choose": return action.value === "pass" ? t("played.choose.pass") : (SUIT[action.value] || t("nt.short"));
    case "give": return t("played.give");
    case "claim": return t("played.claim", { n: action.tricks });
    case "claim_response": return t(action.accept ? "played.accept" : "played.reject");
    case "undo_request": return t("played.undo");
    case "undo_response": return t(action.grant ? "played.grant" : "played.refuse");
    default: return action && action.type ? String(action.type) : "?";
  }
}

/** The seconds a message says are left, as times on this page's clock (it may be shown a
 *  moment after it came): `holdEnds` (seat → end) and `dealEnds` (null: no wait). */
export function stampClocks(message, now = Date.now()) {
  if ("holds" in message) {
    message.holdEnds = Object.fromEntries(Object.entries(message.holds || {}).map(([seat, s]) => [seat, now + s * 1000]));
  }
  if ("deal_in" in message) message.dealEnds = message.deal_in == null ? null : now + message.deal_in * 1000;
}

/** The notices an update's events make, as `{key, params}` with seats still to be named
 *  (`names` does it): a robot taking over or someone coming back, a move on time-out, an
 *  undo refused or granted.  `previous`: the view before the update; `gone`: the seats that
 *  were held or played by a robot before it. */
export function eventNotices(message, previous, gone, mySeat) {
  const notes = [];
  const view = message.view;
  const asker = previous && previous.proposal && previous.proposal.kind === "undo" ? previous.proposal.by : null;
  for (const event of message.events || []) {
    if (event.type === "away" && event.seat !== mySeat) notes.push({ key: "notice.away", params: { name: event.seat } });
    else if (event.type === "back" && event.seat !== mySeat && gone.has(event.seat)) notes.push({ key: "notice.back", params: { name: event.seat } });
    else if (event.type === "act" && event.timeout) {
      notes.push({ key: "notice.timeout", params: { name: event.by || event.seat, action: actionText(event.action) } });
    } else if (event.type === "act" && event.action && event.action.type === "undo_response" && asker) {
      if (!event.action.grant) notes.push({ key: "notice.undo.refused", params: { name: event.seat, asker } });
      else if (view && !view.proposal) notes.push({ key: "notice.undo.granted", params: { asker } });
    }
  }
  return notes;
}

/** A notice's text, its seats named (`name`: a seat's occupant, or "you"). */
function said(note, name) {
  const params = { ...note.params };
  for (const field of ["name", "asker"]) if (field in params) params[field] = name(params[field]);
  return t(note.key, params);
}

/** The notice board of one table page: passing notices, and those that last while their
 *  cause does (a seat held, an undo waiting in the auction, the last deal to look at). */
export function noticeBoard() {
  let items = [];
  let serial = 0;
  let drawn = null;
  return {
    /** A passing notice (`kept`: seconds, null: until closed). */
    add(text, kept = KEPT) {
      serial += 1;
      items.push({ id: serial, text, until: kept === null ? null : Date.now() + kept * 1000 });
      items = items.slice(-MOST);
    },
    addAll(notes, name) {
      for (const note of notes) this.add(said(note, name));
    },
    close(id) {
      items = items.filter((item) => item.id !== id);
      drawn = null;
    },
    /** Draw into `box` what is to be said now; untouched when nothing changed, so the live
     *  region says each notice once (the clocks tick in `tick`). */
    draw(box, lasting, redraw) {
      const now = Date.now();
      items = items.filter((item) => item.until === null || item.until > now);
      const signature = JSON.stringify([lasting.map((note) => note.id), items.map((item) => item.id)]);
      if (signature === drawn) return;
      drawn = signature;
      box.replaceChildren(...lasting.map((note) => note.element), ...items.map((item) => h("p", { class: "table-notice", dataset: { tableNotice: String(item.id) } },
        h("span", null, item.text),
        h("button", { type: "button", class: "btn btn-small btn-quiet table-notice-close", "aria-label": t("notice.close"), title: t("notice.close"), onclick: () => { this.close(item.id); redraw(); } }, "×"))));
      box.hidden = box.childElementCount === 0;
    },
  };
}

/** A text that counts down to `ends` (a time on this page's clock): `key` is said with `n`,
 *  the whole seconds left, and `params`; `tick` moves it on.  Read aloud once, as first said. */
export function countdown(key, params, ends, className = "") {
  const text = t(key, { ...params, n: secondsTo(ends) });
  return h("span", { class: `countdown ${className}` },
    h("span", { "aria-hidden": "true", dataset: { ends: String(ends), key, params: JSON.stringify(params) } }, text),
    h("span", { class: "sr-only" }, text));
}

const secondsTo = (ends) => Math.max(0, Math.ceil((ends - Date.now()) / 1000));

/** Move every countdown on the page on to the second now. */
export function tick(root = document) {
  for (const element of root.querySelectorAll("[data-ends]")) {
    element.textContent = t(element.dataset.key, { ...JSON.parse(element.dataset.params || "{}"), n: secondsTo(Number(element.dataset.ends)) });
  }
}

/** The notices that last while their cause does: each seat held for someone who lost their
 *  connection, an undo waiting for answers where the table shows no banner (the auction), and
 *  the last deal to look at again.  Each `{id, element}`; `p`: {holdEnds, view, mySeat, name,
 *  lastDeal}. */
export function lastingNotices(p) {
  const notes = [];
  for (const [seat, ends] of Object.entries(p.holdEnds || {})) {
    if (seat === p.mySeat) continue;
    notes.push({ id: `hold-${seat}`, element: h("p", { class: "table-notice held", dataset: { seat } }, countdown("notice.left", { name: p.name(seat) }, ends)) });
  }
  const proposal = p.view && p.view.proposal;
  if (proposal && proposal.kind === "undo" && !["play", "draw"].includes(p.view.phase)) {
    const seats = (proposal.awaiting || []).map(p.name).join(", ");
    const id = `undo-${proposal.by}-${seats}`;
    notes.push({ id, element: h("p", { class: "table-notice undo-asked" }, t("notice.undo.asked", { name: p.name(proposal.by), seats })) });
  }
  if (p.lastDeal && p.lastDeal.id && p.view && p.view.phase !== "over") {
    notes.push({ id: `deal-${p.lastDeal.id}`, element: h("p", { class: "table-notice last-deal" },
      h("a", { href: `/deal/${p.lastDeal.id}`, target: "_blank", rel: "noopener", dataset: { lastDeal: String(p.lastDeal.id) } }, t("notice.last.deal", { n: p.lastDeal.number }))) });
  }
  return notes;
}

/** What a robot chose for you while you were away (the server tells you alone, on return). */
export function robotPlayedText(message) {
  const actions = (message.actions || []).map(actionText).join(", ");
  const text = t("notice.robot.played", { actions });
  return message.more ? `${text} ${t("notice.robot.more", { n: message.more })}` : text;
}

/** Between deals: who is ready, your "Ready" (until you said it), and the seconds before the
 *  next deal starts anyway, or that it waits for everyone.  `ctx`: the table's context. */
export function readyBox(ctx) {
  const seats = Object.keys(ctx.occupants || {});
  const ready = new Set(ctx.ready || []);
  const named = (list) => list.map(ctx.occupantName).join(", ");
  const readySeats = seats.filter((seat) => ready.has(seat));
  const waiting = seats.filter((seat) => !ready.has(seat));
  const parts = [];
  if (ctx.mySeat && !ready.has(ctx.mySeat)) {
    parts.push(h("button", { type: "button", class: "btn btn-primary next-deal", title: t("ready.about"), dataset: { focus: "next-deal" }, onclick: ctx.onNextDeal }, t("ready")));
  } else if (ctx.mySeat) {
    // Focus stays where the button was (a keyboard user pressed it).
    parts.push(h("p", { class: "ready-you", tabindex: "-1", dataset: { focus: "next-deal" } }, t("ready.you", { names: named(waiting) })));
  }
  parts.push(h("p", { class: "small ready-who" }, readySeats.length ? t("ready.who", { names: named(readySeats) }) : t("ready.nobody")));
  parts.push(h("p", { class: "small ready-wait" }, ctx.dealEnds ? countdown("ready.in", {}, ctx.dealEnds) : t("ready.all")));
  return h("div", { class: "ready-box", role: "group", "aria-label": t("ready") }, parts);
}

/** The finished deal `number` of a table, `{id, number}`, for anyone who may see the table's
 *  deals (watchers, every game), so it stays in reach once the next has begun; null when it is
 *  not theirs to see (a private table's deals are its players'). */
export async function finishedDeal(tableId, invite, number) {
  try {
    const rows = await api.get(`/api/tables/${encodeURIComponent(tableId)}/deals${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
    const row = rows.find((r) => r.number === number);
    return row ? { id: row.deal, number } : null;
  } catch {
    return null;
  }
}
