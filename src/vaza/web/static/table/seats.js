// A seat's name plate: who sits there (robots marked), dealer, vulnerability, whose turn,
// declarer and dummy, your high-card points; and the buttons to sit or seat a robot.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";

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
  const controls = [];
  if (!occupant) {
    if (!ctx.mySeat && ctx.loggedIn) controls.push(h("button", { type: "button", class: "btn btn-small btn-primary", dataset: { focus: `sit-${seat}`, sit: seat }, onclick: () => ctx.sit(seat) }, t("seat.sit")));
    if (ctx.canManage) controls.push(h("button", { type: "button", class: "btn btn-small", dataset: { focus: `robot-${seat}`, robot: seat }, onclick: () => ctx.addRobot(seat) }, t("seat.robot")));
  } else if (occupant.kind === "robot" && ctx.canManage && !ctx.started) {
    controls.push(h("button", { type: "button", class: "btn btn-small btn-quiet", "aria-label": t("seat.robot.remove"), title: t("seat.robot.remove"), dataset: { focus: `unrobot-${seat}` }, onclick: () => ctx.removeRobot(seat) }, "×"));
  }
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
      points !== null ? h("span", { class: "badge hcp", title: t("hcp.about") }, t("hcp", { n: points })) : null,
      extra),
    view.controller === seat && acting ? timer(ctx) : null,
    controls.length ? h("div", { class: "plate-controls" }, controls) : null);
}
