// The table's questions to its player: claim, undo, answering a claim or an undo, standing up.
// Each asks in a dialog and resolves to the message to send (or the answer), never sending.

import { h } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { dialog } from "../lib/ui.js";
import { remainingTricks } from "./state.js";

/** Who rejected a claim, and why when they said (a robot's check says what it found). */
export function rejectionText(who, answer) {
  let text = t("claim.rejected", { seat: who });
  if (answer.why) text = `${text} ${t(`claim.why.${answer.why}`)}`;
  if (answer.reason) text = `${text} ${t("claim.reason.said", { reason: answer.reason })}`;
  return text;
}

/** The claim to send (tricks, and the line of play when one is given), or null. */
export async function askClaim(view) {
  const remaining = remainingTricks(view);
  const select = h("select", { id: "claim-tricks", name: "tricks" },
    Array.from({ length: remaining + 1 }, (_, n) => h("option", { value: n, selected: n === remaining }, String(n))));
  const line = h("textarea", { id: "claim-line", name: "line", rows: 2, maxlength: 300, placeholder: t("claim.line.hint") });
  const claimed = await dialog({
    title: t("claim.title"),
    body: [
      h("p", null, t("claim.explain", { n: remaining })),
      h("label", { class: "field", for: "claim-tricks" }, h("span", { class: "field-label" }, t("claim.tricks")), select),
      h("label", { class: "field", for: "claim-line" }, h("span", { class: "field-label" }, t("claim.line")), line),
    ],
    buttons: [{ label: t("cancel"), value: null }, { label: t("claim.send"), value: () => ({ tricks: Number(select.value), line: line.value.trim() }), primary: true }],
  });
  if (claimed === null) return null;
  return { type: "claim", tricks: claimed.tricks, ...(claimed.line ? { line: claimed.line } : {}) };
}

/** Whether to ask the opponents to take back the last action. */
export function askUndo() {
  return dialog({
    title: t("undo.title"),
    body: [h("p", null, t("undo.explain"))],
    buttons: [{ label: t("cancel"), value: false }, { label: t("undo.send"), value: true, primary: true }],
  });
}

/** Accept (true) or refuse (false) a claim or an undo request; null when the dialog was closed
 *  without an answer (`handle.close()` closes it when the proposal is withdrawn or settled).  A
 *  claim's rejection may say why: then it is `{ reason }` (still not a yes). */
export function askAnswer(proposal, handle, view) {
  const by = t(`seat.long.${proposal.by}`);
  const isClaim = proposal.kind === "claim";
  const reason = h("input", { id: "claim-reason", name: "reason", maxlength: 200, autocomplete: "off", placeholder: t("claim.reason.hint") });
  return dialog({
    handle,
    title: isClaim ? t("claim.answer.title") : t("undo.answer.title"),
    body: [
      h("p", null, isClaim ? t("claim.banner", { seat: by, n: proposal.tricks, of: view ? remainingTricks(view) : undefined }) : t("undo.banner", { seat: by })),
      isClaim && proposal.line ? h("p", { class: "claim-line" }, t("claim.line.said", { line: proposal.line })) : null,
      isClaim ? h("label", { class: "field", for: "claim-reason" }, h("span", { class: "field-label" }, t("claim.reason")), reason) : null,
    ],
    buttons: [
      { label: isClaim ? t("claim.reject") : t("undo.refuse"), value: isClaim ? () => (reason.value.trim() ? { reason: reason.value.trim() } : false) : false },
      { label: isClaim ? t("claim.accept") : t("undo.grant"), value: true, primary: true },
    ],
  });
}

/** The message that answers `proposal` with `yes`. */
export function answerMessage(proposal, yes) {
  if (proposal.kind !== "claim") return { type: "undo_response", grant: yes === true };
  return yes && yes.reason ? { type: "claim_response", accept: false, reason: yes.reason } : { type: "claim_response", accept: yes === true };
}

/** Whether to stand up; `robotTakesOver` when a robot will play the seat (a match under way). */
export function askStand(robotTakesOver) {
  return dialog({
    title: t("seat.stand"),
    body: [h("p", null, robotTakesOver ? t("seat.stand.robot") : t("seat.stand.sure"))],
    buttons: [{ label: t("cancel"), value: false }, { label: t("seat.stand"), value: true, primary: true }],
  });
}
