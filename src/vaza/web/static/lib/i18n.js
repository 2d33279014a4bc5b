// Every string the client shows, in Portuguese (Brazil) and English.
// t("key", {name: "Ana"}) fills {name}; a table entry may also be a function of the params.

import en from "../i18n/en.js";
import pt from "../i18n/pt-BR.js";

export const LANGUAGES = { "pt-BR": pt, en };
const STORAGE = "vaza.language";
let current = initial();
const listeners = new Set();

function initial() {
  const stored = localStorage.getItem(STORAGE);
  if (stored && LANGUAGES[stored]) return stored;
  const wanted = (navigator.languages || [navigator.language || ""]).join(",").toLowerCase();
  return wanted.startsWith("pt") ? "pt-BR" : "en";
}

export function language() {
  return current;
}

export function setLanguage(code) {
  if (!LANGUAGES[code] || code === current) return;
  current = code;
  localStorage.setItem(STORAGE, code);
  document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function onLanguage(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function t(key, params = {}) {
  const entry = LANGUAGES[current][key];
  if (entry === undefined) {
    console.error(`vaza: no text for ${key} in ${current}`);
    return key;
  }
  if (typeof entry === "function") return entry(params);
  return entry.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Does the table hold this key? (for texts chosen from data, such as entry labels) */
export function has(key) {
  return LANGUAGES[current][key] !== undefined;
}

export function formatNumber(n) {
  return new Intl.NumberFormat(current).format(n);
}

export function formatDate(iso) {
  if (!iso) return "";
  const date = new Date(iso.endsWith("Z") || iso.includes("+") ? iso : `${iso}Z`);
  return new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

document.documentElement.lang = current;
