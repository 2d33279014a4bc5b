// Who is playing, and their settings.  The session cookie is HTTP-only, so a small hint in
// localStorage says whether asking /api/me is worth it (a logged-out visitor is never sent a 401).

import { api, ApiError } from "./api.js";
import { language, setLanguage } from "./i18n.js";

const HINT = "vaza.session";
const LOCAL = "vaza.settings";
export const DEFAULTS = {
  language: "pt-BR",
  accept_invitations: true,
  sound: true,
  compact_cards: false,
  four_colours: false,
  confirm_cards: null, // never chosen: on a phone, off at a desk (table/hands.js)
};

let me = null;
let settings = { ...DEFAULTS, ...readLocal(), language: language() };
const listeners = new Set();

function readLocal() {
  try {
    return JSON.parse(localStorage.getItem(LOCAL) || "{}");
  } catch {
    return {};
  }
}

function emit() {
  applyLook();
  for (const listener of listeners) listener(me, settings);
}

function applyLook() {
  document.body.classList.toggle("four-colours", Boolean(settings.four_colours));
  document.body.classList.toggle("compact-cards", Boolean(settings.compact_cards));
}

function adopt(user) {
  me = user;
  if (user) {
    localStorage.setItem(HINT, "1");
    settings = { ...DEFAULTS, ...user.settings };
    setLanguage(settings.language);
  } else {
    localStorage.removeItem(HINT);
  }
  emit();
  return user;
}

export function currentUser() {
  return me;
}

export function currentSettings() {
  return settings;
}

export function onSession(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function loadSession() {
  applyLook();
  if (!localStorage.getItem(HINT)) return null;
  try {
    return adopt(await api.get("/api/me"));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return adopt(null);
    throw error;
  }
}

export async function playAsGuest() {
  return adopt(await api.post("/api/guest", { language: language() }));
}

export async function logIn(name, password) {
  return adopt(await api.post("/api/login", { name, password }));
}

export async function register(name, password) {
  return adopt(await api.post("/api/register", { name, password, language: language() }));
}

export async function logOut() {
  await api.post("/api/logout");
  return adopt(null);
}

/** A guest chooses its name (the server checks it as it checks any name). */
export async function renameGuest(name) {
  return adopt(await api.put("/api/me/name", { name }));
}

/** Change settings: at once on screen, then on the server when logged in. */
export async function updateSettings(changes) {
  settings = { ...settings, ...changes };
  if ("language" in changes) setLanguage(changes.language);
  localStorage.setItem(LOCAL, JSON.stringify(settings));
  emit();
  if (me) {
    const user = await api.put("/api/me/settings", changes);
    me = user;
    settings = { ...DEFAULTS, ...user.settings };
    emit();
  }
  return settings;
}
