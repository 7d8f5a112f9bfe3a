// The card row of the pianitsa101 tables: draws the items Python sends (SVG or HTML made by
// pianitsa101.cardart) and reports a click on a playable item by setting the `clicked` trait
// to {id, n}: n counts up, so clicking the same card again is a new change. No game logic.
//
// The keyboard: the row is one stop of the Tab key (a group of buttons); the arrow keys (and Home,
// End) move through its cards, playable or not, and Enter or Space plays the card in focus. When
// Python redraws the row (a card played, the bots' moves), the focus stays in the row: on the same
// card if it is still there, else on the card now at the same place.
function render({ model, el }) {
  el.classList.add("p101-row");
  el.setAttribute("role", "group");
  let current = 0; // the index of the card the Tab key lands on
  const boxes = () => [...el.querySelectorAll(":scope > .p101-item")];
  const focusAt = (index, move) => {
    const all = boxes();
    if (!all.length) return;
    current = Math.max(0, Math.min(index, all.length - 1));
    all.forEach((box, i) => { box.tabIndex = i === current ? 0 : -1; });
    if (move) all[current].focus();
  };
  el.addEventListener("keydown", (event) => {
    const all = boxes();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined) focusAt(at + step, true);
    else if (event.key === "Home") focusAt(0, true);
    else if (event.key === "End") focusAt(all.length - 1, true);
    else return;
    event.preventDefault();
    event.stopPropagation(); // JupyterLab's notebook must not take the arrows (it would move cells)
  });
  // Focus that falls out of the table (a pressed button that hides or is disabled, as Draw is once
  // you have drawn) comes back to a row with take_focus (your hand), so the keyboard is never lost.
  let inside = false; // the focus was last inside this row's table (a .p101-table)
  const scope = () => el.closest(".p101-table");
  const onFocusIn = (event) => {
    const table = scope();
    inside = !!(table && table.contains(event.target));
  };
  const lost = () => {
    const active = document.activeElement;
    return !active || active === document.body || active.disabled || !active.isConnected ||
      active.getClientRects().length === 0;
  };
  const reclaim = () => {
    if (!model.get("take_focus") || !inside || !lost() || !el.isConnected) return;
    const all = boxes();
    const playable = all.findIndex((box) => box.classList.contains("p101-playable"));
    if (all.length) focusAt(playable >= 0 ? playable : current, true);
  };
  const later = () => setTimeout(reclaim, 120);
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", later);
  const draw = () => {
    const all = boxes();
    const had = all.indexOf(document.activeElement);
    const hadId = had >= 0 ? all[had].dataset.id : null;
    el.replaceChildren();
    el.dataset.layout = model.get("arrangement"); // the CSS hook: data-layout="fan"
    el.style.fontSize = model.get("font_size") + "px";
    const label = model.get("label");
    if (label) el.setAttribute("aria-label", label);
    else el.removeAttribute("aria-label");
    for (const item of model.get("items")) {
      const box = document.createElement("div");
      box.className = "p101-item " + (item.playable ? "p101-playable" : "p101-inert");
      box.dataset.id = item.id;
      box.innerHTML = item.html;
      box.setAttribute("role", "button");
      box.tabIndex = -1;
      const words = [item.title || item.id, item.caption, item.note].filter(Boolean);
      box.setAttribute("aria-label", [...new Set(words)].join(", "));
      for (const inner of box.querySelectorAll("svg")) inner.setAttribute("aria-hidden", "true");
      if (item.caption) {
        const caption = document.createElement("div");
        caption.className = "p101-caption";
        caption.textContent = item.caption;
        box.append(caption);
      }
      if (item.note) {
        const note = document.createElement("div");
        note.className = "p101-note";
        note.textContent = item.note;
        box.append(note);
      }
      if (item.title) box.title = item.title;
      if (item.playable) {
        const fire = () => {
          const last = model.get("clicked") || {};
          model.set("clicked", { id: item.id, n: (last.n || 0) + 1 });
          model.save_changes();
        };
        box.addEventListener("click", fire);
        box.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            event.stopPropagation(); // not JupyterLab's "run the cell" (Enter) or scroll (Space)
            fire();
          }
        });
      } else {
        box.setAttribute("aria-disabled", "true");
        box.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            event.stopPropagation();
          }
        });
      }
      el.append(box);
    }
    const now = boxes();
    const same = hadId === null ? -1 : now.findIndex((box) => box.dataset.id === hadId);
    const playable = now.findIndex((box) => box.classList.contains("p101-playable"));
    if (had >= 0) focusAt(same >= 0 ? same : had, true);
    else focusAt(now[current] ? current : Math.max(playable, 0), false);
    reclaim();
    later();
  };
  draw();
  model.on("change:items", draw);
  model.on("change:arrangement", draw);
  model.on("change:font_size", draw);
  model.on("change:label", draw);
  return () => {
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("focusout", later);
    model.off("change:items", draw);
    model.off("change:arrangement", draw);
    model.off("change:font_size", draw);
    model.off("change:label", draw);
  };
}

export default { render };
