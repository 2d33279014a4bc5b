// The one WebSocket: it reconnects by itself and says hello again to every table it watches,
// with `since` = the last version seen, so nothing is missed while the line was down.  Table
// updates arrive as patches of the last view and leave here with the whole view.

import { applyPatch } from "./patch.js";

const listeners = new Set();
const statusListeners = new Set();
const watched = new Map(); // table id -> {invite, since, view, catchingUp}
let ws = null;
let wantLobby = false;
let attempt = 0;
let timer = null;
let pinger = null;
let state = "idle";
let refs = 0;
/** Commands sent recently, by ref: one the server answers `unavailable` (its table is moving
 * to another server process) is sent again a moment later, a few times. */
const sent = new Map();
const RETRIES = 6;
const RETRY_MS = 800;

function url() {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

function setState(next) {
  state = next;
  for (const listener of statusListeners) listener(next);
}

function raw(message) {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function hello(table) {
  const entry = watched.get(table);
  const message = { type: "hello", table, patches: true };
  if (entry.invite) message.invite = entry.invite;
  if (entry.since !== null && entry.since !== undefined) message.since = entry.since;
  raw(message);
}

/** Updates come as patches of the last view (hello asks for them): give the message its whole
 *  view, so every listener sees whole views.  False when the patch does not fit the view held. */
function withView(entry, message) {
  if (message.type === "snapshot") Object.assign(entry, { view: message.view, catchingUp: false });
  if (message.type !== "update") return true;
  if ("patch" in message) {
    if (!entry.view || message.base !== entry.since) return false;
    try {
      message.view = applyPatch(entry.view, message.patch);
    } catch {
      return false;
    }
    delete message.patch;
  }
  entry.view = message.view;
  return true;
}

function open() {
  clearTimeout(timer);
  setState(attempt ? "reconnecting" : "connecting");
  const socket = new WebSocket(url());
  ws = socket;
  socket.onopen = () => {
    if (ws !== socket) return;
    attempt = 0;
    setState("open");
    if (wantLobby) raw({ type: "lobby" });
    for (const table of watched.keys()) hello(table);
    clearInterval(pinger);
    pinger = setInterval(() => raw({ type: "ping" }), 25000);
  };
  socket.onmessage = (event) => {
    if (ws !== socket) return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    const entry = message.table && watched.get(message.table);
    if (entry && !withView(entry, message)) {
      // A patch against a view this page does not hold: catch up (once; the snapshot ends it).
      if (!entry.catchingUp) hello(message.table);
      entry.catchingUp = true;
      return;
    }
    if (entry && typeof message.version === "number") entry.since = message.version;
    if (message.type === "error" && message.ref && retried(message)) return;
    for (const listener of listeners) listener(message);
  };
  socket.onclose = () => {
    if (ws !== socket) return;
    clearInterval(pinger);
    ws = null;
    setState("closed");
    attempt += 1;
    const delay = Math.min(8000, 300 * 2 ** Math.min(attempt, 5));
    timer = setTimeout(open, delay);
  };
}

export function connect() {
  if (!ws) open();
}

/** Close and open again (after logging in or out: the cookie names someone else). */
export function restart() {
  if (ws) {
    const old = ws;
    ws = null;
    old.close();
  }
  clearInterval(pinger);
  attempt = 0;
  open();
}

/** Drop the line as a network failure would (used by tests and the "reconnect" check). */
export function drop() {
  if (ws) ws.close();
}

export function onMessage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function onStatus(listener) {
  statusListeners.add(listener);
  listener(state);
  return () => statusListeners.delete(listener);
}

export function status() {
  return state;
}

function retried(error) {
  const command = sent.get(error.ref);
  sent.delete(error.ref);
  if (!command || error.code !== "unavailable" || command.tries >= RETRIES) return false;
  setTimeout(() => {
    const ref = `c${++refs}`;
    sent.set(ref, { message: command.message, tries: command.tries + 1, at: Date.now() });
    raw({ ...command.message, ref });
  }, RETRY_MS);
  return true;
}

/** Send a command; returns its ref (errors about it carry the same ref), or null when offline. */
export function send(message) {
  refs += 1;
  const ref = `c${refs}`;
  const now = Date.now();
  for (const [old, command] of sent) if (now - command.at > 30000) sent.delete(old);
  sent.set(ref, { message, tries: 0, at: now });
  return raw({ ...message, ref }) ? ref : null;
}

export function watchLobby(on) {
  wantLobby = on;
  if (on) raw({ type: "lobby" });
}

export function watchTable(table, invite) {
  watched.set(table, { invite: invite || null, since: null, view: null, catchingUp: false });
  hello(table);
}

export function leaveTable(table) {
  if (!watched.delete(table)) return;
  raw({ type: "leave", table });
}
