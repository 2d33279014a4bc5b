// A view patch folded into the view it was written against (vaza.protocol.patch, docs/protocol.md
// "Patches"): ["s", path, value] sets a key, ["a", path, items] appends to a list, ["d", path]
// deletes a key.  The view given is left as it was (the page compares the old view with the new).

export function applyPatch(view, patch) {
  const result = { ...view };
  for (const [kind, path, value] of patch) {
    let parent = result;
    for (const key of path.slice(0, -1)) {
      const child = parent[key];
      if (!child || typeof child !== "object" || Array.isArray(child)) throw new Error(`the patch's path ${path.join(".")} is not in the view`);
      parent[key] = { ...child };
      parent = parent[key];
    }
    const last = path[path.length - 1];
    if (kind === "s") parent[last] = value;
    else if (kind === "a") {
      if (!Array.isArray(parent[last])) throw new Error(`the patch appends to ${path.join(".")}, which is not a list`);
      parent[last] = [...parent[last], ...value];
    } else if (kind === "d") delete parent[last];
    else throw new Error(`not a patch operation: ${kind}`);
  }
  return result;
}
