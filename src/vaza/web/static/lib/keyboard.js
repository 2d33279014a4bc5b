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
