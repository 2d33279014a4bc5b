// Typing an action: a card ("SA", "s a", "as", "h10"), a call ("1n", "1nt", "p", "x", "xx"),
// a Boerenbridge bid ("2").  Matches only what the view says is legal now.

const PASS_WORDS = ["P", "PASS", "PASSO"];

/** The texts that name an action (upper case, no spaces). */
export function aliases(action) {
  if (action.type === "call") {
    const call = action.call;
    if (call === "Pass") return PASS_WORDS;
    if (call === "X" || call === "XX") return [call];
    const level = call[0];
    const strain = call.slice(1);
    return strain === "NT" ? [`${level}NT`, `${level}N`, `${level}ST`] : [call];
  }
  if (action.type === "play" && action.card) {
    const suit = action.card[0];
    const rank = action.card.slice(1);
    const ranks = rank === "T" ? ["T", "10"] : [rank];
    return ranks.flatMap((r) => [`${suit}${r}`, `${r}${suit}`]);
  }
  if (action.type === "bid") return [String(action.tricks)];
  return [];
}

export function normalise(text) {
  return text.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** {action, more}: the action the buffer names (if any) and whether a longer text could
 *  still name another one (then wait for Enter or a pause before acting). */
export function match(buffer, legal) {
  const typed = normalise(buffer);
  let action = null;
  let more = false;
  if (!typed) return { action, more, typed };
  for (const candidate of legal) {
    const names = aliases(candidate);
    if (names.includes(typed)) action = candidate;
  }
  for (const candidate of legal) {
    if (candidate === action) continue;
    if (aliases(candidate).some((alias) => alias.length > typed.length && alias.startsWith(typed))) more = true;
  }
  if (!action && !more) {
    // A prefix of the chosen action's own longer name ("PAS" of "PASS") is still typing.
    more = legal.some((candidate) => aliases(candidate).some((alias) => alias.startsWith(typed)));
  }
  return { action, more, typed };
}

/** The control an arrow key leads to among `items` (the enabled ones, in reading order): Left
 *  and Right the one before or after, Up and Down the nearest in the row above or below, Home
 *  and End the first and last; null for any other key. */
export function arrowTarget(items, current, key) {
  const at = items.indexOf(current);
  if (key === "Home") return items[0] || null;
  if (key === "End") return items[items.length - 1] || null;
  if (key === "ArrowRight") return items[at + 1] || null;
  if (key === "ArrowLeft") return at > 0 ? items[at - 1] : null;
  if (key !== "ArrowUp" && key !== "ArrowDown") return null;
  const here = current.getBoundingClientRect();
  const middle = (r) => (r.left + r.right) / 2;
  let best = null;
  let bestScore = Infinity;
  for (const item of items) {
    if (item === current) continue;
    const r = item.getBoundingClientRect();
    const gap = key === "ArrowDown" ? r.top - here.bottom : here.top - r.bottom;
    if (gap < -here.height / 2) continue; // the same row, or the other way
    const score = Math.max(0, gap) * 1000 + Math.abs(middle(r) - middle(here));
    if (score < bestScore) [best, bestScore] = [item, score];
  }
  return best;
}

/** A group of controls as one Tab stop (WAI-ARIA's roving tabindex): the arrow keys move
 *  between the enabled controls matching `selector`; the one last focused keeps the stop.
 *  `first` (or the first enabled) holds it at the start and is the container's default. */
export function rovingFocus(container, selector, first = null) {
  const enabled = () => [...container.querySelectorAll(selector)].filter((element) => !element.disabled);
  const hold = (stop) => {
    for (const element of container.querySelectorAll(selector)) element.tabIndex = element === stop ? 0 : -1;
  };
  const start = first && !first.disabled ? first : enabled()[0];
  if (!start) return;
  hold(start);
  start.dataset.focusDefault = "1";
  container.addEventListener("focusin", (event) => {
    const stop = event.target.closest?.(selector);
    if (stop && container.contains(stop)) hold(stop);
  });
  container.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const current = event.target.closest?.(selector);
    if (!current || !container.contains(current)) return;
    const next = arrowTarget(enabled(), current, event.key);
    if (!next) return;
    event.preventDefault();
    event.stopPropagation();
    next.focus();
  });
}
