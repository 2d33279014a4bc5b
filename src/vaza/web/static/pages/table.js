// A table: the live connection to one table, its state, and the game drawn for your seat.
// Updates are shown one after another at a human pace (a card, then the next), so robots'
// quick plays can be followed; your own choices are offered only on the newest view.
// The state and what messages do to it are table/state.js; what is drawn around the game,
// table/frame.js; the questions, table/dialogs.js; the keyboard, table/typing.js.  This page
// wires them to the connection.

import { h, replaceKeepingFocus } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { currentUser } from "../lib/session.js";
import * as socket from "../lib/socket.js";
import { toast } from "../lib/ui.js";
import { cardSound, turnSound } from "../lib/sound.js";
import { gameSpec } from "../lib/games.js";
import { drawBridge, resultText } from "../table/bridge.js";
import { announce, describe, describeNow } from "../lib/announce.js";
import { drawBoerenbridge } from "../table/boerenbridge.js";
import { PHONE_QUERY } from "../table/bidding.js";
import * as table from "../table/state.js";
import * as frame from "../table/frame.js";
import { askAnswer, askClaim, askStand, askUndo, answerMessage, rejectionText } from "../table/dialogs.js";
import { keyTyping } from "../table/typing.js";
import * as seats from "../table/seats.js";
import { eventEnding } from "../table/ending.js";
import * as notices from "../table/notices.js";

/** The renderers, by the name the registry gives a game's (`renderer` in /api/games). */
const RENDERERS = { bridge: drawBridge, boerenbridge: drawBoerenbridge };

function pace() {
  const stored = localStorage.getItem("vaza.pace");
  const factor = stored === null ? 1 : Math.max(0, Number(stored) || 0);
  return { card: 450 * factor, trick: 1100 * factor, call: 300 * factor };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function mount(root, [tableId], query) {
  const invite = query.get("invite");
  let autoSit = Boolean(history.state && history.state.sit) || query.has("seat");
  let tableName = "";
  const state = table.newTableState();
  const ui = { lastTrick: false, replay: null };
  const pending = [];
  let pumping = false;
  let shownUntil = 0;

  let waitingForServer = false;
  let hold = null;
  let holdTimer = null;
  let turnKey = null;
  let answered = null;
  let answering = null;
  let creatorToken = null;
  const deal = table.newDeal();
  const sent = new Set();
  /** The table's tools (invitations, stand up, leave) fold into a menu on a phone. */
  let menuOpen = false;
  const phone = window.matchMedia(PHONE_QUERY);

  const head = h("div", { class: "table-head" });
  const info = h("div", { class: "info-box" });
  const noticeBox = h("div", { class: "notices", role: "status", "aria-live": "polite", "aria-label": t("notices"), hidden: true });
  const chatNote = h("p", { class: "chat-note muted", hidden: true });
  const board = notices.noticeBoard();
  /** The last finished deal, to look at again once the next has begun. */
  let lastDeal = null;
  // Focusable, so focus stays at the table when the control that had it goes (Next deal).
  const feltBox = h("div", { class: "felt-box", tabindex: "-1", role: "region", "aria-label": t("felt.label") });
  const typedBox = h("div", { class: "typed", "aria-live": "polite" });
  const endingBox = h("div", { class: "ending-box" });
  const ending = eventEnding(endingBox, tableId);
  const sideGame = h("div", { class: "side-game" });
  const chatList = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": t("chat") });
  const chatBox = h("section", { class: "panel chat" });
  const kibitzBox = h("section", { class: "panel kibitzers" });
  root.replaceChildren(h("div", { class: "page table-page" }, head,
    h("div", { class: "table-layout" },
      h("div", { class: "table-main" }, info, noticeBox, feltBox, typedBox),
      h("aside", { class: "table-side", "aria-label": t("table.side") }, endingBox, sideGame, chatBox, kibitzBox))));

  const me = () => currentUser();
  /** Your seat, as the server says in each snapshot and update (occupants carry no ids). */
  const mySeat = () => (me() ? state.seat : null);
  const spec = () => gameSpec(state.options ? state.options.game : state.view && state.view.game);
  const renderer = () => RENDERERS[spec()?.renderer] || drawBridge;
  /** Seats are compass points, or numbered players (Boerenbridge's). */
  const seatLabel = (seat) => (/^\d+$/.test(seat) ? t("player.n", { n: Number(seat) + 1 }) : t(`seat.long.${seat}`));
  /** Who sits at a seat: a person's name, or a robot named in the reader's language. */
  const occupantName = (seat) => {
    const occupant = state.occupants[seat];
    if (!occupant) return seatLabel(seat);
    const short = /^\d+$/.test(seat) ? String(Number(seat) + 1) : t(`seat.${seat}`);
    return occupant.kind === "robot" ? t("robot.at", { seat: short }) : occupant.name;
  };
  /** The actions you may take now: on the newest view, your turn, nothing sent unanswered. */
  const legalNow = () => (pending.length || waitingForServer || !table.myTurn(state.view, mySeat()) ? [] : state.view.legal);

  function send(message) {
    const ref = socket.send({ ...message, table: tableId });
    if (!ref) {
      toast(t("connection.offline"), { kind: "error" });
      return null;
    }
    sent.add(ref);
    // A turn's action (one the view offered): nothing more is offered until the server answers.
    const turn = (state.view?.legal || []).some((action) => action.type === message.type);
    if (turn || message.type === "next_deal") {
      waitingForServer = true;
      render();
    }
    return ref;
  }

  // Invitations sent and not yet answered (ref → name): "sent" is said once the table has
  // recorded it, and an error (a name nobody has) is said instead, never both.
  const invites = new Map();

  function inviteByName(name, seat = null) {
    const ref = send({ type: "invite", user: name, ...(seat ? { seat } : {}) });
    if (ref) invites.set(ref, name);
  }

  function invitationsAnswered(message) {
    if (!invites.size || !(message.events || []).some((event) => event.type === "invited")) return;
    const [ref, name] = invites.entries().next().value;
    invites.delete(ref);
    toast(t("invite.sent", { name }));
  }

  function context() {
    const seat = mySeat();
    return {
      view: state.view,
      occupants: state.occupants,
      options: state.options,
      mySeat: seat,
      live: pending.length === 0 && !waitingForServer,
      hold,
      ui,
      setUi(patch) { Object.assign(ui, patch); render(); },
      send,
      seatLabel,
      occupantName,
      loggedIn: Boolean(me()),
      canManage: Boolean(seat) || Boolean(creatorToken),
      isHost: Boolean(creatorToken),
      myName: me() ? me().name : null,
      name: tableName,
      finished: state.finished,
      started: table.started(state),
      matchOver: table.matchOver(state),
      turnEnds: state.turnEnds,
      ready: state.ready,
      dealEnds: state.dealEnds,
      dealId: deal.id,
      analysis: deal.analysis,
      records: deal.records,
      sit: (s) => send({ type: "sit", seat: s }),
      addRobot: (s) => send({ type: "add_robot", seat: s }),
      removeRobot: (s) => send({ type: "remove_robot", seat: s }),
      onNextDeal: () => send({ type: "next_deal" }),
      onClaim: claim,
      onUndo: undo,
      onAnswer: answer,
    };
  }

  // -- drawing ---------------------------------------------------------------------------

  function drawHead() {
    const seat = mySeat();
    const options = state.options || {};
    frame.drawHead(head, {
      title: seats.namedTitle(frame.tableTitle(state.options ? spec() : null, options), tableName),  // options come with the snapshot
      isPrivate: options.public === false,
      menuOpen,
      link: creatorToken ? `${location.origin}/table/${encodeURIComponent(tableId)}?invite=${encodeURIComponent(creatorToken)}` : null,
      canInvite: Boolean((seat || creatorToken) && me()),
      seated: Boolean(seat),
      send,
      invite: inviteByName,
      toggleMenu,
      stand,
      seatChoice: seats.inviteSeatChoice(state.occupants, seatLabel),
      tools: seats.hostTools(context()),
    });
  }

  function toggleMenu() {
    menuOpen = !menuOpen;
    drawHead();
    const toggle = head.querySelector(".menu-toggle");
    if (toggle && phone.matches) toggle.focus();
  }

  function onMenuKey(event) {
    if (event.key === "Escape" && menuOpen) {
      event.stopPropagation();
      toggleMenu();
    }
  }

  /** Crossing the phone's width redraws (the bidding box has two shapes). */
  function onScreenChange() {
    menuOpen = false;
    render();
  }

  function render() {
    drawHead();
    if (state.problem) {
      replaceKeepingFocus(feltBox, frame.problemBox(state.problem));
      return;
    }
    if (!state.view) {
      replaceKeepingFocus(feltBox, frame.loadingNote());
      return;
    }
    const ctx = context();
    const drawn = renderer()(ctx);
    replaceKeepingFocus(info, drawn.info);
    replaceKeepingFocus(feltBox, drawn.felt);
    replaceKeepingFocus(sideGame, drawn.side);
    feltBox.dataset.phase = state.view.phase;
    feltBox.dataset.live = String(ctx.live);
    feltBox.dataset.version = String(state.version);
    feltBox.dataset.matchOver = String(ctx.matchOver);
    ending.update(ctx.matchOver && Boolean(ctx.mySeat) && ctx.loggedIn);
    drawKibitzers();
    drawNotices();
  }

  /** The notices now, and under the chat line whether a watcher's line reaches the players. */
  function drawNotices() {
    const view = state.view;
    const lasting = notices.lastingNotices({ holdEnds: state.holdEnds, view, mySeat: mySeat(), name: occupantName, lastDeal });
    board.draw(noticeBox, lasting, drawNotices);
    const inDeal = Boolean(view) && !["waiting", "over"].includes(view.phase);
    frame.drawChatNote(chatNote, Boolean(me()) && !mySeat() && inDeal);
  }

  const drawChat = () => frame.drawChat(chatList, state.chat, seatLabel);
  const drawKibitzers = () => frame.drawKibitzers(kibitzBox, state.occupants, state.kibitzers);
  function drawChatBox() {
    frame.drawChatBox(chatBox, chatList, Boolean(me()), send, chatNote);
    drawChat();
  }

  // -- the flow of messages ----------------------------------------------------------------

  /** An update applied; how long it stays in sight before the next one replaces it. */
  function apply(message) {
    const previous = state.view;
    const gone = new Set([...Object.keys(state.holdEnds || {}), ...Object.keys(state.occupants).filter((seat) => state.occupants[seat]?.away)]);
    const shown = table.applyUpdate(state, message);
    board.addAll(notices.eventNotices(message, previous, gone, mySeat()), occupantName);
    announce(...describe(previous, state.view, saying()));
    if (shown.chat) drawChat();
    for (const event of shown.rejections) toast(rejectionText(occupantName(event.seat), event.action), { timeout: 8000 });
    seatNews(message.events);
    if (shown.newDeal) {
      lastDeal = deal.id ? { id: deal.id, number: deal.number } : null;
      if (!lastDeal && deal.number !== null) {
        notices.finishedDeal(tableId, invite, deal.number).then((found) => { lastDeal = lastDeal || found; drawNotices(); });
      }
      ui.replay = null;
      ui.lastTrick = false;
      Object.assign(deal, table.newDeal(state.view.number));
    }
    if (shown.step === "card" || shown.step === "trick") {
      cardSound();
      ui.lastTrick = false;
      clearTimeout(holdTimer);
      hold = shown.trick;
      if (shown.trick) holdTimer = setTimeout(() => { hold = null; render(); }, pace().trick);
    }
    return shown.step ? pace()[shown.step] : 0;
  }

  /** The table's own news: its name, a seat kept for you, its end by its host or for want of people. */
  function seatNews(events) {
    for (const event of events || []) if (event.type === "named") tableName = event.name;
    const kept = seats.keptNotice(events, me()?.name);
    if (kept) toast(t("seats.kept.told", { seat: seatLabel(kept) }), { timeout: 8000 });
    const ended = seats.endNotice(events);
    if (ended) toast(ended, { timeout: 15000 });
  }

  /** How the table's log names seats and results (lib/announce.js). */
  function saying() {
    const seat = mySeat();
    const who = (s) => (s === seat ? t("say.you", { seat: seatLabel(s) }) : seatLabel(s));
    return { who, mySeat: seat, result: (view) => (spec()?.renderer === "bridge" ? resultText(view.result) : "") };
  }

  /** Show the updates one by one: a card (or call) stays in view its pace before the next
   *  update replaces it, however soon that update arrives. */
  async function pump() {
    if (pumping) return;
    pumping = true;
    while (pending.length) {
      const wait = shownUntil - Date.now();
      if (wait > 0) await sleep(wait);
      const message = pending.shift();
      const delay = apply(message);
      waitingForServer = false;
      noteTurn();
      render();
      afterRender();
      shownUntil = Date.now() + delay;
    }
    pumping = false;
  }

  /** Whose turn: your turn starts the clock (time per action) and sounds the chime. */
  function noteTurn() {
    const mine = pending.length === 0 && table.myTurn(state.view, mySeat());
    if (mine && turnKey === null) turnSound();
    turnKey = mine ? `${state.version}` : null;
  }

  function afterRender() {
    const view = state.view;
    const seat = mySeat();
    if (autoSit && state.options && !seat && me()) {
      const free = seats.seatToTake(state.occupants, query.get("seat"));
      autoSit = false;
      const here = new URL(location.href);
      here.searchParams.delete("seat");  // once: a reload does not sit again
      history.replaceState(null, "", here);
      if (free) send({ type: "sit", seat: free });
    }
    if (!view || pending.length) return;
    const proposal = table.awaitingAnswer(view, seat);
    if (!proposal) {
      answered = null;  // the next request, even the same one again, is asked anew
      if (answering) answering.close();  // withdrawn or settled: nothing to answer now
      answering = null;
    } else if (answered !== table.proposalId(proposal)) {
      answered = table.proposalId(proposal);
      answer();
    }
    if (view.phase === "over" && seat && me() && !deal.looked && spec()?.renderer === "bridge") lookUpDeal(view.number);
  }

  async function lookUpDeal(number) {
    deal.looked = true;
    try {
      const rows = await api.get("/api/history");
      const row = rows.find((r) => r.table === tableId && r.number === number);
      if (!row || deal.number !== null && deal.number !== number) return;
      deal.id = row.deal;
      const full = await api.get(`/api/deals/${row.deal}`);
      deal.records = Boolean(full.records);
      deal.analysis = full.summary && full.summary.analysis ? full.summary.analysis : deal.analysis;
      render();
    } catch {
      deal.looked = false;
    }
  }

  function onMessage(message) {
    if (message.type === "error") {
      if (message.ref) invites.delete(message.ref);
      if (message.ref && sent.has(message.ref)) {
        waitingForServer = false;
        render();
      }
      if (!state.options && (message.code === "forbidden" || message.code === "not_found")) {
        state.problem = message.code === "not_found" ? t("table.notfound") : t("table.forbidden");
        render();
      }
      return;
    }
    if (message.table !== tableId) return;
    if ("time_left" in message) {
      // When the turn ends on this clock: the update may be shown a moment after it came.
      message.turnEnds = message.time_left == null ? null : Date.now() + message.time_left * 1000;
    }
    notices.stampClocks(message);
    if (message.type === "snapshot") {
      pending.length = 0;
      table.applySnapshot(state, message);
      announce(...describeNow(state.view, saying()));
      deal.number = message.view ? message.view.number : null;
      waitingForServer = false;
      drawChatBox();
      noteTurn();
      render();
      afterRender();
      lookUpCreator();
    } else if (message.type === "update") {
      invitationsAnswered(message);
      pending.push(message);
      pump();
    } else if (message.type === "notice" && message.notice === "robot_played") {
      board.add(notices.robotPlayedText(message), null);
      drawNotices();
    } else if (message.type === "kibitzers") {
      state.kibitzers = message.names || [];
      drawKibitzers();
    } else if (message.type === "analysis") {
      if (message.analysis && (message.number === undefined || message.number === deal.number)) {
        deal.analysis = message.analysis;
        if (message.deal) deal.id = message.deal;
        render();
      }
    }
  }

  async function lookUpCreator() {
    if (creatorToken !== null || !me()) return;
    try {
      const summary = await api.get(`/api/tables/${encodeURIComponent(tableId)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
      tableName = summary.name || "";
      creatorToken = summary.invite_token || "";
      render();
    } catch {
      creatorToken = "";
    }
  }

  // -- the questions -----------------------------------------------------------------------

  async function claim() {
    const message = await askClaim(state.view);
    if (message) send(message);
  }

  async function undo() {
    if (await askUndo()) send({ type: "undo_request" });
  }

  async function answer() {
    const seat = mySeat();
    const proposal = table.awaitingAnswer(state.view, seat);
    if (!proposal) return;
    const handle = {};
    answering = handle;
    const yes = await askAnswer(proposal, handle, state.view);
    if (answering === handle) answering = null;
    if (yes === null) return;
    const current = table.awaitingAnswer(state.view, seat);
    if (!current) return;
    send(answerMessage(proposal, yes));
  }

  async function stand() {
    if (await askStand(table.started(state) && !table.matchOver(state))) send({ type: "stand" });
  }

  const typing = keyTyping({
    box: typedBox,
    legal: legalNow,
    send,
    onEscape: () => {
      if (menuOpen) toggleMenu();
    },
  });

  const stopMessages = socket.onMessage(onMessage);
  // The clocks shown (a seat's hold, the time to act, the wait for the next deal) count down.
  const ticking = setInterval(() => {
    notices.tick(root);
    drawNotices();
  }, 1000);
  document.addEventListener("keydown", typing.onKey);
  head.addEventListener("keydown", onMenuKey);
  phone.addEventListener("change", onScreenChange);
  drawChatBox();
  render();
  socket.watchTable(tableId, invite);

  return {
    unmount() {
      stopMessages();
      document.removeEventListener("keydown", typing.onKey);
      phone.removeEventListener("change", onScreenChange);
      clearTimeout(holdTimer);
      clearInterval(ticking);
      typing.stop();
      ending.stop();
      socket.leaveTable(tableId);
    },
    refresh() {
      drawChatBox();
      render();
    },
  };
}
