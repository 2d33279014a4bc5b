// A seat's name plate: who sits there (robots marked), dealer, vulnerability, whose turn,
// declarer and dummy, your high-card points; and the buttons to sit (in a free seat or a robot's:
// the server says whether at once or from the deal's end), seat or remove a robot.  And the
// host's tools: name the table, close it, offer a seat with an invitation.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { dialog } from "../lib/ui.js";

/** The time left to act, as a draining bar and the seconds counting down: from the server's
 * `time_left` (the turn's start in the log), so a reload or a reconnect does not start it
 * again. */
function timer(ctx) {
  const seconds = ctx.options && ctx.options.seconds_per_action;
  if (!seconds || !ctx.turnEnds) return null;
  const left = Math.min(seconds, Math.max(0, (ctx.turnEnds - Date.now()) / 1000));
  const label = t("timer.left", { n: Math.ceil(left) });
  const bar = h("span", { class: "timer", role: "timer", "aria-label": label, title: label }, h("span", { class: "timer-fill" }));
  bar.firstChild.style.animationDuration = `${seconds}s`;
  bar.firstChild.style.animationDelay = `${-(seconds - left)}s`;
  const ends = Date.now() + left * 1000;
  const count = h("span", { class: "timer-seconds", "aria-hidden": "true", dataset: { ends: String(ends), key: "timer.seconds", params: "{}" } }, t("timer.seconds", { n: Math.ceil(left) }));
  return h("span", { class: "timer-line" }, bar, count);
}

export function seatPlate(seat, ctx, { points = null, vulnerable = null, extra = null, labelWhenFree = false } = {}) {
  const occupant = ctx.occupants[seat];
  const view = ctx.view || {};
  const classes = ["plate"];
  const acting = view.to_act === seat && view.phase !== "over" && view.phase !== "waiting";
  if (acting) classes.push("to-act");
  if (vulnerable === true) classes.push("vul");
  if (vulnerable === false) classes.push("nonvul");
  if (seat === ctx.mySeat) classes.push("me");
  if (!occupant) classes.push("free");
  const contract = view.contract;
  let role = null;
  if (contract && contract.declarer === seat) role = "declarer";
  else if (contract && contract.dummy === seat) role = "dummy";
  const controls = seatControls(seat, occupant, ctx);
  const label = ctx.seatLabel(seat);
  const name = occupant ? ctx.occupantName(seat) : t("seat.free");

  return h("div", { class: classes.join(" "), "aria-label": `${label}: ${name}${acting ? `, ${t("to.act")}` : ""}`, role: "group" },
    h("div", { class: "plate-line" },
      labelWhenFree && occupant ? null : h("span", { class: "plate-seat" }, label),
      view.dealer === seat ? h("span", { class: "badge dealer", title: t("dealer") }, t("dealer.short")) : null,
      role ? h("span", { class: "badge role", title: t(role), dataset: { role } }, t(role)) : null,
      vulnerable === true ? h("span", { class: "badge vul-badge", title: t("vulnerable") }, t("vulnerable.short")) : null),
    h("div", { class: "plate-line" },
      h("span", { class: "plate-name" }, name),
      occupant && occupant.kind === "robot" ? h("span", { class: "badge robot", title: t("robot") }, t("robot")) : null,
      occupant && occupant.away ? h("span", { class: "badge away", title: t("away.about") }, t("away")) : null,
      occupant && occupant.reserved ? keptBadge(occupant.reserved, ctx) : null,
      points !== null ? h("span", { class: "badge hcp", title: t("hcp.about") }, t("hcp", { n: points })) : null,
      extra),
    view.controller === seat && acting ? timer(ctx) : null,
    controls.length ? h("div", { class: "plate-controls" }, controls) : null);
}

/** Whether a deal is being played (the server refuses a robot's removal then). */
const inDeal = (view) => Boolean(view) && !["waiting", "over"].includes(view.phase);

/** A plate's buttons: sit in a free seat or take a robot's (anyone not seated), seat a robot in
 *  a free seat (players and the host), take a robot out (before the match, or the host between
 *  deals). */
function seatControls(seat, occupant, ctx) {
  const controls = [];
  if (ctx.matchOver) return controls;  // played to its end, closed or left by all: no seat to take
  const sitting = !ctx.mySeat && ctx.loggedIn;
  if (!occupant) {
    if (sitting) controls.push(h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { focus: `sit-${seat}`, sit: seat }, onclick: () => ctx.sit(seat) }, t("seat.sit")));
    if (ctx.canManage) controls.push(h("button", { type: "button", class: "btn btn-small", dataset: { focus: `robot-${seat}`, robot: seat }, onclick: () => ctx.addRobot(seat) }, t("seat.robot")));
    return controls;
  }
  if (occupant.kind !== "robot") return controls;
  if (sitting && !occupant.reserved) {
    controls.push(h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { focus: `take-${seat}`, take: seat }, title: t("seats.take.about"), onclick: () => ctx.sit(seat) }, t("seats.take")));
  }
  const removable = ctx.canManage && (!ctx.started || (ctx.isHost && !inDeal(ctx.view)));
  if (removable) controls.push(h("button", { type: "button", class: "btn btn-small btn-quiet", "aria-label": t("seat.robot.remove"), title: t("seat.robot.remove"), dataset: { focus: `unrobot-${seat}` }, onclick: () => ctx.removeRobot(seat) }, "×"));
  return controls;
}

/** A robot's seat kept for a person from the deal's end: yours ("you sit here next deal", with a
 *  way to let it go), or another's. */
function keptBadge(name, ctx) {
  if (name !== ctx.myName) return h("span", { class: "badge kept", title: t("seats.kept.about") }, t("seats.kept", { name }));
  return h("span", { class: "kept-mine" },
    h("span", { class: "badge kept", title: t("seats.kept.about") }, t("seats.kept.you")),
    h("button", { type: "button", class: "btn btn-small btn-quiet", dataset: { focus: "unkeep" }, onclick: () => ctx.send({ type: "stand" }) }, t("seats.kept.cancel")));
}

/** The seat a person arriving takes: the one an invitation offered (`wanted`) if it is free or a
 *  robot's, else a free seat, else a robot's (robots fill only the seats nobody takes). */
export function seatToTake(occupants, wanted = null) {
  const open = (occupant) => !occupant || (occupant.kind === "robot" && !occupant.reserved);
  if (wanted && wanted in occupants && open(occupants[wanted])) return wanted;
  const entries = Object.entries(occupants);
  const free = entries.find(([, occupant]) => !occupant);
  if (free) return free[0];
  const robot = entries.find(([, occupant]) => open(occupant));
  return robot ? robot[0] : null;
}

/** The table's title with the name its host gave it. */
export function namedTitle(title, name) {
  return name ? `${name} · ${title}` : title;
}

/** The host's tools in the table's menu: name the table, close it for everyone. */
export function hostTools(ctx) {
  if (!ctx.isHost || ctx.finished) return [];
  return [
    h("button", { type: "button", class: "btn btn-small", dataset: { focus: "name-table" }, onclick: () => askName(ctx) }, t("seats.name")),
    h("button", { type: "button", class: "btn btn-small btn-quiet", dataset: { focus: "close-table" }, onclick: () => askClose(ctx) }, t("seats.close")),
  ];
}

async function askName(ctx) {
  const input = h("input", { id: "table-name", name: "name", maxlength: 40, autocomplete: "off", value: ctx.name || "" });
  const name = await dialog({
    title: t("seats.name.title"),
    body: [h("label", { class: "field", for: "table-name" }, h("span", { class: "field-label" }, t("seats.name.label")), input)],
    buttons: [{ label: t("cancel"), value: null }, { label: t("seats.name.save"), value: () => input.value.trim(), primary: true }],
  });
  if (name !== null) ctx.send({ type: "name_table", name });
}

async function askClose(ctx) {
  const sure = await dialog({
    title: t("seats.close.title"),
    body: [h("p", null, t("seats.close.explain"))],
    buttons: [{ label: t("cancel"), value: false }, { label: t("seats.close"), value: true, primary: true }],
  });
  if (sure) ctx.send({ type: "close_table" });
}

/** The seat an invitation offers: any (none named), or a free one or a robot's. */
export function inviteSeatChoice(occupants, seatLabel) {
  const open = Object.entries(occupants).filter(([, o]) => !o || o.kind === "robot").map(([seat]) => seat);
  if (!open.length) return null;
  return h("select", { name: "seat", class: "invite-seat", "aria-label": t("seats.offer") },
    h("option", { value: "" }, t("seats.offer.any")),
    open.map((seat) => h("option", { value: seat }, t("seats.offer.seat", { seat: seatLabel(seat) }))));
}

/** What the table's end says to everyone at it, from its `finished` event: closed by its host,
 *  or no person left; null for a match played to its end. */
export function endNotice(events) {
  const finished = (events || []).find((event) => event.type === "finished");
  if (!finished || !finished.reason) return null;
  return finished.reason === "closed" ? t("seats.closed", { name: finished.by || "?" }) : t("seats.abandoned");
}

/** What a kept seat tells its person: that they sit when the deal ends. */
export function keptNotice(events, myName) {
  const kept = (events || []).find((event) => event.type === "reserved" && event.name === myName);
  return kept ? kept.seat : null;
}
