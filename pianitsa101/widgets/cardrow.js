// The card row of the pianitsa101 tables: draws the items Python sends (SVG or HTML made by
// pianitsa101.cardart) and reports a click on a playable item by setting the `clicked` trait
// to {id, n}: n counts up, so clicking the same card again is a new change. No game logic.
function render({ model, el }) {
  el.classList.add("p101-row");
  const draw = () => {
    el.replaceChildren();
    el.dataset.layout = model.get("arrangement"); // the CSS hook: data-layout="fan"
    el.style.fontSize = model.get("font_size") + "px";
    for (const item of model.get("items")) {
      const box = document.createElement("div");
      box.className = "p101-item " + (item.playable ? "p101-playable" : "p101-inert");
      box.dataset.id = item.id;
      box.innerHTML = item.html;
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
        box.tabIndex = 0;
        box.setAttribute("role", "button");
        const fire = () => {
          const last = model.get("clicked") || {};
          model.set("clicked", { id: item.id, n: (last.n || 0) + 1 });
          model.save_changes();
        };
        box.addEventListener("click", fire);
        box.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            fire();
          }
        });
      } else {
        box.setAttribute("aria-disabled", "true");
      }
      el.append(box);
    }
  };
  draw();
  model.on("change:items", draw);
  model.on("change:arrangement", draw);
  model.on("change:font_size", draw);
  return () => {
    model.off("change:items", draw);
    model.off("change:arrangement", draw);
    model.off("change:font_size", draw);
  };
}

export default { render };
