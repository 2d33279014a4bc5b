// One form for one, another for any other count (both languages need no more).
export const plural = (n, one, many) => (Number(n) === 1 ? one : many);
