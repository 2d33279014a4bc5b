// What tests/test_browser_layout.py looks for on a page: overlapping boxes (pairs of selectors),
// truncated badges, card ranks covered by the next card, elements outside the viewport's width.
// An expression Playwright evaluates with [pairs, inView].
([pairs, inView]) => {
  const box = (e) => e.getBoundingClientRect();
  const name = (e) => (e.className.baseVal ?? e.className) + ' "' + e.textContent.trim().slice(0, 24) + '"';
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const found = [];
  for (const [one, other] of pairs) {
    const first = [...document.querySelectorAll(one)];
    const second = other === one ? first : [...document.querySelectorAll(other)];
    first.forEach((a, i) => second.forEach((b, j) => {
      if (a === b || (other === one && j <= i) || a.contains(b) || b.contains(a)) return;
      if (hit(box(a), box(b))) found.push(`overlap: ${name(a)} / ${name(b)}`);
    }));
  }
  // A badge shows its whole word (no "Decl…").
  for (const badge of document.querySelectorAll('.plate .badge')) {
    if (badge.scrollWidth > badge.clientWidth + 0.5) found.push(`truncated: ${name(badge)}`);
  }
  // Each card of a hand shows its rank whole: the next card in its row starts after it.
  for (const hand of document.querySelectorAll('.hand')) {
    const cards = [...hand.querySelectorAll('.card[data-card]')];
    cards.forEach((card, i) => {
      const next = cards[i + 1];
      const rank = card.querySelector('.idx b, .rank');
      if (!next || !rank) return;
      const r = box(rank), n = box(next);
      if (Math.abs(n.top - box(card).top) < 2 && n.left < r.right - 0.5) found.push(`rank covered: ${card.dataset.card}`);
    });
  }
  const width = document.documentElement.clientWidth;
  for (const sel of inView) {
    for (const e of document.querySelectorAll(sel)) {
      const r = box(e);
      if (r.width && (r.left < -0.5 || r.right > width + 0.5)) found.push(`out of view: ${name(e)}`);
      if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'hidden') found.push(`cut: ${name(e)}`);
    }
  }
  if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
  return found;
}
