// A table: the live connection to one table, its state, and the game drawn for your seat.
// Updates are shown one after another at a human pace (a card, then the next), so robots'
// quick plays can be followed; your own choices are offered only on the newest view.

import { h, replaceKeepingFocus } from "../lib/dom.js";
import { t } from "../lib/i18n.js";
import { api } from "../lib/api.js";
import { currentUser } from "../lib/session.js";
import * as socket from "../lib/socket.js";
import { dialog, toast } from "../lib/ui.js";
import { cardSound, turnSound } from "../lib/sound.js";
import { match } from "../lib/keyboard.js";
import { gameSpec, label } from "../lib/games.js";
import { drawBridge } from "../table/bridge.js";
import { drawBoerenbridge } from "../table/boerenbridge.js";
import { trickWinner } from "../table/tricks.js";
import { PHONE_QUERY } from "../table/bidding.js";

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
  let autoSit = Boolean(history.state && history.state.sit);
  const state = { options: null, occupants: {}, seat: null, view: null, chat: [], kibitzers: [], version: null, finished: false, problem: null, turnEnds: null };
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
  let typed = "";
  let typedTimer = null;
  let creatorToken = null;
  const deal = { number: null, id: null, analysis: null, looked: false, records: false };
  const sent = new Set();
  /** The table's tools (invitations, stand up, leave) fold into a menu on a phone. */
  let menuOpen = false;
  const phone = window.matchMedia(PHONE_QUERY);

  const head = h("div", { class: "table-head" });
  const info = h("div", { class: "info-box" });
  const feltBox = h("div", { class: "felt-box" });
  const typedBox = h("div", { class: "typed", "aria-live": "polite" });
  const sideGame = h("div", { class: "side-game" });
  const chatList = h("ol", { class: "chat-list", "aria-live": "polite", "aria-label": t("chat") });
  const chatBox = h("section", { class: "panel chat" });
  const kibitzBox = h("section", { class: "panel kibitzers" });
  root.replaceChildren(h("div", { class: "page table-page" }, head,
    h("div", { class: "table-layout" },
      h("div", { class: "table-main" }, info, feltBox, typedBox),
      h("aside", { class: "table-side", "aria-label": t("table.side") }, sideGame, chatBox, kibitzBox))));

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
  const matchOver = () => {
    const scores = state.view && state.view.scores;
    return state.finished || Boolean(scores && (scores.over || (scores.winners && scores.winners.length)));
  };
  const started = () => Boolean(state.view && state.view.phase !== "waiting");

  function send(message) {
    const ref = socket.send({ ...message, table: tableId });
    if (!ref) {
      toast(t("connection.offline"), { kind: "error" });
      return;
    }
    sent.add(ref);
    // A turn's action (one the view offered): nothing more is offered until the server answers.
    const turn = (state.view?.legal || []).some((action) => action.type === message.type);
    if (turn || message.type === "next_deal") {
      waitingForServer = true;
      render();
    }
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
      started: started(),
      matchOver: matchOver(),
      turnEnds: state.turnEnds,
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
    const game = state.options ? spec() : null;  // the table's options come with its snapshot
    // A game with one scoring is named once ("Boerenbridge", not "Boerenbridge · Boerenbridge").

    const title = !game ? t("table") : game.scorings.length > 1 ? `${label(game.label)} · ${t(`scoring.${options.scoring}`)}` : label(game.label);
    const inviteForm = (seat || creatorToken) && me()
      ? h("form", { class: "invite-form", onsubmit: (event) => {
        event.preventDefault();
        const input = event.target.querySelector("input");
        if (input.value.trim()) send({ type: "invite", user: input.value.trim() });
        input.value = "";
        toast(t("invite.sent"));
      } },
      h("label", { class: "sr-only", for: "invite-name" }, t("invite.name")),
      h("input", { id: "invite-name", name: "user", placeholder: t("invite.name"), maxlength: 40, autocomplete: "off", dataset: { focus: "invite-name" } }),
      h("button", { type: "submit", class: "btn btn-small" }, t("invite")))
      : null;
    const link = creatorToken ? `${location.origin}/table/${encodeURIComponent(tableId)}?invite=${encodeURIComponent(creatorToken)}` : null;
    const closeMenu = () => {
      if (menuOpen) toggleMenu();
    };
    // A name being typed into the menu survives the redraws that every update causes.
    const draft = head.querySelector("#invite-name")?.value || "";
    replaceKeepingFocus(head,
      h("h1", null, title, options.public === false ? h("span", { class: "badge" }, t("private")) : null),
      h("button", {
        type: "button",
        class: "btn btn-small menu-toggle",
        "aria-expanded": String(menuOpen),
        "aria-controls": "table-tools",
        dataset: { focus: "table-menu" },
        onclick: toggleMenu,
      }, h("span", { class: "menu-icon", "aria-hidden": "true" }, "☰"), " ", t("table.menu")),
      h("div", { class: `table-tools${menuOpen ? " open" : ""}`, id: "table-tools" },
        link ? h("button", { type: "button", class: "btn btn-small", onclick: async () => {
          closeMenu();
          try {
            await navigator.clipboard.writeText(link);
            toast(t("invite.copied"));
          } catch {
            toast(link, { timeout: 20000 });
          }
        } }, t("invite.link")) : null,
        inviteForm,
        seat ? h("button", { type: "button", class: "btn btn-small btn-quiet", onclick: () => { closeMenu(); stand(); } }, t("seat.stand")) : null,
        h("a", { class: "btn btn-small btn-quiet", href: "/" }, t("table.leave"))));
    const input = head.querySelector("#invite-name");
    if (input && draft) input.value = draft;
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
      replaceKeepingFocus(feltBox, h("div", { class: "panel problem-box" }, h("p", { role: "alert" }, state.problem), h("a", { href: "/", class: "btn" }, t("nav.lobby"))));
      return;
    }
    if (!state.view) {
      replaceKeepingFocus(feltBox, h("p", { class: "centre-note" }, t("loading")));
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


    drawKibitzers();
  }

  function drawChat() {
    const shown = state.chat.slice(-100);
    chatList.replaceChildren(...shown.map((message) => h("li", { class: message.audience === "kibitzers" ? "from-kibitzer" : "" },
      h("strong", null, message.from), message.seat ? h("span", { class: "muted" }, ` (${seatLabel(message.seat)})`) : null,
      message.audience === "kibitzers" ? h("span", { class: "badge" }, t("chat.kibitzers")) : null,
      ": ", message.text)));
    chatList.scrollTop = chatList.scrollHeight;
  }

  function drawChatBox() {
    chatBox.replaceChildren(
      h("h2", null, t("chat")),
      chatList,
      me() ? h("form", { class: "chat-form", onsubmit: (event) => {
        event.preventDefault();
        const input = event.target.querySelector("input");
        const text = input.value.trim();
        if (text) send({ type: "chat", text });
        input.value = "";
      } },
      h("label", { class: "sr-only", for: "chat-input" }, t("chat.say")),
      h("input", { id: "chat-input", name: "text", maxlength: 500, placeholder: t("chat.say"), autocomplete: "off" }),
      h("button", { type: "submit", class: "btn btn-small" }, t("chat.send"))) : null);
    drawChat();
  }

  function drawKibitzers() {
    // The server names watchers when they arrive; someone who sat down since is a player.
    const seated = new Set(Object.values(state.occupants).filter(Boolean).map((o) => o.name));
    const names = (state.kibitzers || []).filter((name) => !seated.has(name));
    kibitzBox.replaceChildren(h("h2", null, t("kibitzers.title", { n: names.length })),
      names.length ? h("ul", { class: "kibitzer-list" }, names.map((name) => h("li", null, name))) : h("p", { class: "muted small" }, t("kibitzers.none")));
  }

  // -- the flow of messages ----------------------------------------------------------------

  /** Cards played so far in the deal (two-handed bridge's first phase included). */
  function played(view) {
    if (!view) return 0;
    const draw = view.draw ? view.draw.tricks.length * 2 + (view.phase === "draw" ? (view.trick || []).length : 0) : 0;
    return (view.played ? view.played.length : 0) + draw;
  }

  function completedTrick(previous, view) {
    if (!previous || played(view) <= played(previous) || (view.trick || []).length) return null;
    if (view.phase !== "play" && view.phase !== "draw") return null;
    if (view.tricks) return view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
    if (view.last_trick) return view.last_trick;
    const size = (view.seats || []).length || 4;
    const cards = view.played.slice(-size);
    const trump = view.contract && view.contract.strain !== "NT" ? view.contract.strain : null;
    return { cards, winner: trickWinner(cards, trump) };
  }

  function apply(message) {
    const previous = state.view;
    const view = message.view;
    state.view = view;
    state.occupants = message.occupants || state.occupants;
    if ("seat" in message) state.seat = message.seat;
    state.version = message.version;
    if ("turnEnds" in message) state.turnEnds = message.turnEnds;
    if (message.chat && message.chat.length) {
      state.chat.push(...message.chat);
      drawChat();
    }
    if ((message.events || []).some((event) => event.type === "finished")) state.finished = true;
    for (const event of message.events || []) {
      const answer = event.type === "act" ? event.action : null;
      if (answer && answer.type === "claim_response" && !answer.accept) toast(rejection(event.seat, answer), { timeout: 8000 });
    }
    let delay = 0;
    if (view && previous && view.number !== previous.number) {
      ui.replay = null;
      ui.lastTrick = false;
      Object.assign(deal, { number: view.number, id: null, analysis: null, looked: false, records: false });
    }
    if (view && played(view) > played(previous)) {
      cardSound();
      ui.lastTrick = false;
      const done = completedTrick(previous, view);
      clearTimeout(holdTimer);
      hold = done;
      delay = done ? pace().trick : pace().card;
      if (done) holdTimer = setTimeout(() => { hold = null; render(); }, pace().trick);
    } else if (view && previous && (view.calls || []).length > (previous.calls || []).length) {
      delay = pace().call;
    } else if (view && previous && view.bids && JSON.stringify(view.bids) !== JSON.stringify(previous.bids)) {
      delay = pace().call;
    }
    return delay;
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
    const view = state.view;
    const seat = mySeat();
    const mine = Boolean(view && seat && pending.length === 0 && view.controller === seat && (view.legal || []).length > 0);
    const key = mine ? `${state.version}` : null;
    if (mine && turnKey === null) turnSound();
    turnKey = key;
  }

  function afterRender() {
    const view = state.view;
    const seat = mySeat();
    if (autoSit && state.options && !seat && me()) {
      const free = Object.entries(state.occupants).find(([, occupant]) => !occupant);
      autoSit = false;
      history.replaceState(null, "", location.href);
      if (free) send({ type: "sit", seat: free[0] });
    }
    if (!view || pending.length) return;
    const proposal = view.proposal;
    if (!(proposal && seat && (proposal.awaiting || []).includes(seat))) {
      answered = null;  // the next request, even the same one again, is asked anew
      if (answering) answering.close();  // withdrawn or settled: nothing to answer now
      answering = null;
    }
    if (proposal && seat && (proposal.awaiting || []).includes(seat)) {
      const id = `${proposal.kind}-${proposal.by}-${proposal.tricks}`;
      if (answered !== id) {
        answered = id;
        answer();
      }
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
    if (message.type === "snapshot") {
      pending.length = 0;
      state.options = message.options;
      state.occupants = message.occupants;
      state.seat = message.seat ?? null;
      state.view = message.view;
      state.turnEnds = message.turnEnds ?? null;
      state.chat = [...(message.chat || [])];
      state.kibitzers = message.kibitzers || [];
      state.version = message.version;
      state.problem = null;
      if ((message.events || []).some((event) => event.type === "finished")) state.finished = true;
      deal.number = message.view ? message.view.number : null;
      waitingForServer = false;
      drawChatBox();
      noteTurn();
      render();
      afterRender();
      lookUpCreator();
    } else if (message.type === "update") {
      pending.push(message);
      pump();
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
      if (summary.invite_token) {
        creatorToken = summary.invite_token;
        render();
      } else creatorToken = "";
    } catch {
      creatorToken = "";
    }
  }

  // -- dialogs ---------------------------------------------------------------------------

  /** Who rejected a claim, and why when they said (a robot's check says what it found). */
  function rejection(seat, answer) {
    const who = t("claim.rejected", { seat: occupantName(seat) });
    if (!answer.why) return who;
    return `${who} ${t(`claim.why.${answer.why}`, { n: answer.held_to ?? 0 })}`;
  }

  async function claim() {
    const view = state.view;
    const won = view.tricks_won || {};
    const total = view.hand_sizes ? Math.max(...Object.values(view.hand_sizes)) : 13;
    const remaining = Math.max(0, total - Object.values(won).reduce((a, b) => a + b, 0));
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
    if (claimed !== null) send({ type: "claim", tricks: claimed.tricks, ...(claimed.line ? { line: claimed.line } : {}) });
  }

  async function undo() {
    const yes = await dialog({
      title: t("undo.title"),
      body: [h("p", null, t("undo.explain"))],
      buttons: [{ label: t("cancel"), value: false }, { label: t("undo.send"), value: true, primary: true }],
    });
    if (yes) send({ type: "undo_request" });
  }

  async function answer() {
    const proposal = state.view && state.view.proposal;
    const seat = mySeat();
    if (!proposal || !seat || !(proposal.awaiting || []).includes(seat)) return;
    const by = t(`seat.long.${proposal.by}`);
    const isClaim = proposal.kind === "claim";
    const handle = {};
    answering = handle;
    const yes = await dialog({
      handle,
      title: isClaim ? t("claim.answer.title") : t("undo.answer.title"),
      body: [
        h("p", null, isClaim ? t("claim.banner", { seat: by, n: proposal.tricks }) : t("undo.banner", { seat: by })),
        isClaim && proposal.line ? h("p", { class: "claim-line" }, t("claim.line.said", { line: proposal.line })) : null,
      ],
      buttons: [
        { label: isClaim ? t("claim.reject") : t("undo.refuse"), value: false },
        { label: isClaim ? t("claim.accept") : t("undo.grant"), value: true, primary: true },
      ],
    });
    if (answering === handle) answering = null;
    if (yes === null) return;
    const current = state.view && state.view.proposal;
    if (!current || !(current.awaiting || []).includes(seat)) return;
    send(isClaim ? { type: "claim_response", accept: yes } : { type: "undo_response", grant: yes });
  }

  async function stand() {
    const yes = await dialog({
      title: t("seat.stand"),
      body: [h("p", null, started() && !matchOver() ? t("seat.stand.robot") : t("seat.stand.sure"))],
      buttons: [{ label: t("cancel"), value: false }, { label: t("seat.stand"), value: true, primary: true }],
    });
    if (yes) send({ type: "stand" });
  }

  // -- typing ----------------------------------------------------------------------------

  function legalNow() {
    const view = state.view;
    const seat = mySeat();
    if (!view || !seat || view.controller !== seat || pending.length || waitingForServer) return [];
    return view.legal || [];
  }

  function drawTyped(note = null) {
    // replaceChildren would write a null as the text "null": only the parts there are.
    const parts = [typed ? h("span", null, t("typed"), " ", h("kbd", null, typed.toUpperCase())) : null, note ? h("span", { class: "muted" }, note) : null];
    typedBox.replaceChildren(...parts.filter(Boolean));

  }

  function commit() {
    clearTimeout(typedTimer);
    const legal = legalNow();
    const { action } = match(typed, legal);
    if (action) send(action);
    else if (typed) drawTyped(legal.length ? t("typed.nothing", { text: typed.toUpperCase() }) : t("typed.notturn"));
    typed = "";
    if (action) drawTyped();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, textarea, select, dialog, [contenteditable]")) return;
    if (event.key === "Escape") {
      if (menuOpen) toggleMenu();
      typed = "";
      drawTyped();
      return;
    }
    if (event.key === "Backspace" && typed) {
      typed = typed.slice(0, -1);
      drawTyped();
      event.preventDefault();
      return;
    }
    if (event.key === "Enter" && typed) {
      event.preventDefault();
      commit();
      return;
    }
    if (!/^[0-9a-zA-Z]$/.test(event.key)) return;
    typed += event.key;
    clearTimeout(typedTimer);
    const legal = legalNow();
    const { action, more } = match(typed, legal);
    if (action && !more) commit();
    else if (!action && !more) {
      drawTyped(legal.length ? t("typed.nothing", { text: typed.toUpperCase() }) : t("typed.notturn"));
      typed = "";
    } else {
      drawTyped();
      if (action) typedTimer = setTimeout(commit, 1200);
    }
  }

  const stopMessages = socket.onMessage(onMessage);
  document.addEventListener("keydown", onKey);
  head.addEventListener("keydown", onMenuKey);
  phone.addEventListener("change", onScreenChange);
  drawChatBox();
  render();
  socket.watchTable(tableId, invite);

  return {
    unmount() {
      stopMessages();
      document.removeEventListener("keydown", onKey);
      phone.removeEventListener("change", onScreenChange);
      clearTimeout(holdTimer);
      clearTimeout(typedTimer);
      socket.leaveTable(tableId);
    },
    refresh() {
      drawChatBox();
      render();
    },
  };
}
