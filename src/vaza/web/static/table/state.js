// A table's state as its messages leave it: pure functions over plain objects, no DOM and no
// socket, so the page (pages/table.js) only wires them to the connection and the drawing.

import { trickWinner } from "./tricks.js";

/** The tricks still to play: the most cards any seat holds (a card already played to the trick
 *  in progress still counts that trick).  The hand sizes already leave out the tricks won. */
export function remainingTricks(view) {
  if (view.hand_sizes) return Math.max(0, ...Object.values(view.hand_sizes));
  const won = Object.values(view.tricks_won || {}).reduce((a, b) => a + b, 0);
  return Math.max(0, 13 - won);
}

/** What the page knows of its table: the last snapshot, with every update since applied. */
export function newTableState() {
  return {
    options: null, occupants: {}, seat: null, view: null, chat: [], kibitzers: [], version: null, finished: false, problem: null, turnEnds: null,
    holdEnds: {}, ready: null, dealEnds: null,
  };
}

/** The finished deal's record, looked up once it is over (its analysis comes later). */
export function newDeal(number = null) {
  return { number, id: null, analysis: null, looked: false, records: false };
}

/** Cards played so far in the deal (two-handed bridge's first phase included). */
export function played(view) {
  if (!view) return 0;
  const draw = view.draw ? view.draw.tricks.length * 2 + (view.phase === "draw" ? (view.trick || []).length : 0) : 0;
  return (view.played ? view.played.length : 0) + draw;
}

/** The trick `view` just completed after `previous`, held in sight a moment; else null. */
export function completedTrick(previous, view) {
  if (!previous || played(view) <= played(previous) || (view.trick || []).length) return null;
  if (view.phase !== "play" && view.phase !== "draw") return null;
  if (view.tricks) return view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  if (view.last_trick) return view.last_trick;
  const size = (view.seats || []).length || 4;
  const cards = view.played.slice(-size);
  const trump = view.contract && view.contract.strain !== "NT" ? view.contract.strain : null;
  return { cards, winner: trickWinner(cards, trump) };
}

export function matchOver(state) {
  const scores = state.view && state.view.scores;
  return state.finished || Boolean(scores && (scores.over || (scores.winners && scores.winners.length)));
}

export function started(state) {
  return Boolean(state.view && state.view.phase !== "waiting");
}

/** The seats held (`holdEnds`), who is ready and when the next deal starts anyway, as a
 *  message says them (stamped on this page's clock by table/notices.js `stampClocks`); `ready`
 *  and `dealEnds` come between deals only. */
const clocks = (message) => ({ holdEnds: message.holdEnds || {}, ready: message.ready || null, dealEnds: message.dealEnds ?? null });

const finishes = (message) => (message.events || []).some((event) => event.type === "finished");

/** A snapshot: the table as it is now, replacing all that was known of it. */
export function applySnapshot(state, message) {
  Object.assign(state, {
    options: message.options,
    occupants: message.occupants,
    seat: message.seat ?? null,
    view: message.view,
    turnEnds: message.turnEnds ?? null,
    ...clocks(message),
    chat: [...(message.chat || [])],
    kibitzers: message.kibitzers || [],
    version: message.version,
    problem: null,
  });
  if (finishes(message)) state.finished = true;
}

/** An update applied to `state`, and what showing it takes: whether chat came, the claims
 *  rejected (`{seat, action}` events), whether a new deal began, and the step it shows —
 *  "card", "trick" (with the completed `trick`), "call", or null. */
export function applyUpdate(state, message) {
  const previous = state.view;
  const view = message.view;
  state.view = view;
  state.occupants = message.occupants || state.occupants;
  if ("seat" in message) state.seat = message.seat;
  state.version = message.version;
  if ("turnEnds" in message) state.turnEnds = message.turnEnds;
  Object.assign(state, clocks(message));
  const chat = message.chat || [];
  state.chat.push(...chat);
  if (finishes(message)) state.finished = true;
  const rejections = (message.events || []).filter((event) => event.type === "act" && event.action
    && event.action.type === "claim_response" && !event.action.accept);
  const newDeal = Boolean(view && previous && view.number !== previous.number);
  let step = null;
  let trick = null;
  if (view && played(view) > played(previous)) {
    trick = completedTrick(previous, view);
    step = trick ? "trick" : "card";
  } else if (view && previous && (view.calls || []).length > (previous.calls || []).length) {
    step = "call";
  } else if (view && previous && view.bids && JSON.stringify(view.bids) !== JSON.stringify(previous.bids)) {
    step = "call";
  }
  return { chat: chat.length > 0, rejections, newDeal, step, trick };
}

/** The proposal (claim or undo) waiting for `seat`'s answer, or null. */
export function awaitingAnswer(view, seat) {
  const proposal = view && view.proposal;
  return proposal && seat && (proposal.awaiting || []).includes(seat) ? proposal : null;
}

/** One proposal's identity: the same request made again is asked anew. */
export const proposalId = (proposal) => `${proposal.kind}-${proposal.by}-${proposal.tricks}`;

/** Whether it is `seat`'s turn in `view` with something to do. */
export function myTurn(view, seat) {
  return Boolean(view && seat && view.controller === seat && (view.legal || []).length > 0);
}
