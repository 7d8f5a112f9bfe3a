// The teacher's board (pianitsa101.classroom.board): state from /api/board/state, events from
// /api/board/events. Everything a student sent goes in as text (textContent), never as markup.
const TEXTS = __TEXTS__, QUANTITIES = __QUANTITIES__, PLACES = __PLACES__;
let lang = new URLSearchParams(location.search).get("lang") === "ru" ? "ru" : "en";
let state = null, chosen = null, view = "experiment", drawQueued = false, connected = null;
const $ = (id) => document.getElementById(id);
const t = (key) => TEXTS[key][lang === "ru" ? 1 : 0];
function el(tag, attrs = {}, ...kids) {  // every text goes in as a text node: names are never markup
  const node = tag.startsWith("svg:") ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
                                      : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const kid of kids) if (kid !== null && kid !== undefined)
    node.append(typeof kid === "string" || typeof kid === "number" ? document.createTextNode(String(kid)) : kid);
  return node;
}
function digits(half) { return half > 0 && isFinite(half) ? Math.min(6, Math.max(1, 1 - Math.floor(Math.log10(half)))) : 1; }
function num(x, d) { const s = x.toFixed(d); return lang === "ru" ? s.replace(".", ",").replace("-", "−") : s; }
function fmt(x, percent, half) {
  const scale = percent ? 100 : 1, d = digits(scale * half);
  return num(scale * x, d) + (percent ? (lang === "ru" ? " %" : "%") : "");
}
function count(n) { return n.toLocaleString(lang === "ru" ? "ru-RU" : "en-US"); }

async function load() {
  const answer = await fetch("api/board/state", {credentials: "same-origin"});
  if (!answer.ok) { $("status").textContent = (await answer.json()).error; return; }
  state = await answer.json();
  queue();
}
function listen() {
  const events = new EventSource("api/board/events");
  events.addEventListener("hello", () => { connected = true; queue(); load(); });
  events.addEventListener("reload", load);
  events.addEventListener("experiment", (e) => {
    const summary = JSON.parse(e.data);
    if (!state) return;
    state.experiments = [summary, ...state.experiments.filter((x) => x.experiment !== summary.experiment)];
    document.body.dataset.lastResult = summary.sent; queue();
  });
  events.addEventListener("handins", (e) => {
    const data = JSON.parse(e.data); if (!state) return;
    state.handins = data; document.body.dataset.lastHandin = data.sent; queue();
  });
  events.addEventListener("tournament", (e) => {
    const data = JSON.parse(e.data); if (!state) return;
    state.tournament = data; queue();
  });
  events.addEventListener("students", (e) => { if (state) { state.class.students = JSON.parse(e.data).students; queue(); } });
  events.onerror = () => { connected = false; queue(); };
}
function queue() { if (!drawQueued) { drawQueued = true; requestAnimationFrame(() => { drawQueued = false; draw(); }); } }

function draw() {
  document.documentElement.lang = lang;
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  $("lang").textContent = lang === "ru" ? "English" : "Русский";
  if (connected !== null) $("status").textContent = connected ? "● " + t("live") : "○ " + t("offline");
  if (!state) return;
  $("address").textContent = state.class.address;
  $("code").textContent = state.class.code;
  $("count").textContent = count(state.class.students);
  $("tab-handins").textContent = t("tab_handins") + " (" + state.handins.rows.length + ")";
  $("tab-tournament").textContent = t("tab_tournament") + " (" + state.tournament.entries.length + ")";
  $("tab-experiment").textContent = t("tab_experiment") + " (" + state.experiments.length + ")";
  for (const name of ["experiment", "handins", "tournament"]) {
    $("view-" + name).hidden = view !== name;
    $("tab-" + name).setAttribute("aria-selected", view === name);
  }
  drawExperiment(); drawHandins(); drawTournament();
}

function describe(x) {
  const rules = Object.entries(x.rules).map(([k, v]) => k + "=" + v).join(", ");
  const game = x.game === "101" ? "101" : "Пьяница";
  const deck = x.deck ? x.deck + " " + t("deck") : t("default_deck");
  return `${game}, ${x.players} ${t("players")}, ${deck}` + (rules ? `; ${t("rules")}: ${rules}` : "");
}
function label(x) { return (QUANTITIES[x.quantity] || {en: x.quantity, ru: x.quantity})[lang]; }

function drawExperiment() {
  const box = $("view-experiment"); box.replaceChildren();
  if (!state.experiments.length) { box.append(el("p", {class: "empty"}, t("no_results"))); return; }
  if (!chosen || !state.experiments.some((x) => x.experiment === chosen)) chosen = state.experiments[0].experiment;
  const x = state.experiments.find((e) => e.experiment === chosen);
  const pick = el("select", {id: "pick", "aria-label": t("tab_experiment")});
  for (const e of state.experiments) {
    const option = el("option", {value: e.experiment}, `${label(e)} — ${describe(e)} (${e.count})`);
    if (e.experiment === chosen) option.selected = true;
    pick.append(option);
  }
  pick.onchange = () => { chosen = pick.value; queue(); };
  const exports = el("span", {},
    ...["results.csv", "handins.csv", "tournament.csv"].map((f) =>
      el("a", {href: "api/board/export/" + f, download: f, class: "act", style: "margin-left:12px"}, f)));
  box.append(el("div", {class: "row", style: "align-items:center"}, pick, el("span", {}, t("export") + ":"), exports));
  box.append(el("div", {class: "row"}, forest(x), facts(x)));
}

function forest(x) {
  const rows = x.rows, width = 1080, left = 230, right = 40, top = 34, pooledGap = 70;
  const rowH = Math.max(9, Math.min(34, (720 - top - pooledGap) / rows.length));
  const height = top + rows.length * rowH + pooledGap;
  let lo = Math.min(...rows.map((r) => r.low)), hi = Math.max(...rows.map((r) => r.high));
  if (x.exact) { lo = Math.min(lo, x.exact.value); hi = Math.max(hi, x.exact.value); }
  const pad = (hi - lo) * 0.06 || 0.01; lo -= pad; hi += pad;
  const sx = (v) => left + (v - lo) / (hi - lo) * (width - left - right);
  const svg = el("svg:svg", {width, height, viewBox: `0 0 ${width} ${height}`, role: "img", id: "forest",
                             "aria-label": label(x)});
  const half = x.pooled ? (x.pooled.high - x.pooled.low) / 2 : (hi - lo) / 20;
  for (let i = 0; i <= 4; i++) {  // the scale
    const v = lo + (hi - lo) * i / 4;
    svg.append(el("svg:line", {x1: sx(v), x2: sx(v), y1: top - 8, y2: height - 20, stroke: "#eee"}),
               el("svg:text", {x: sx(v), y: top - 14, "text-anchor": "middle", "font-size": 17, fill: "#5a5a5a"},
                  fmt(v, x.percent, half * 4)));
  }
  if (x.exact) svg.append(el("svg:line", {x1: sx(x.exact.value), x2: sx(x.exact.value), y1: top - 6,
    y2: height - 12, stroke: "#2e7d32", "stroke-width": 3, "stroke-dasharray": "8 5"}),
    el("svg:text", {x: sx(x.exact.value) + 6, y: height - 6, "font-size": 18, fill: "#2e7d32"},
       `${t("exact")} ${x.exact.text}`));
  const font = Math.min(19, rowH * 0.8);
  rows.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2, color = r.misses ? "#c62828" : "#1f5fbf";
    const g = el("svg:g", {class: "result" + (r.misses ? " misses" : ""), "data-id": r.id});
    g.append(el("svg:text", {x: left - 12, y: y + font * 0.35, "text-anchor": "end", "font-size": font,
                             fill: r.misses ? "#c62828" : "#1a1a1a"}, r.name.length > 22 ? r.name.slice(0, 21) + "…" : r.name),
             el("svg:line", {x1: sx(r.low), x2: sx(r.high), y1: y, y2: y, stroke: color, "stroke-width": Math.max(2, rowH / 8)}),
             el("svg:circle", {cx: sx(r.estimate), cy: y, r: Math.max(3, Math.min(7, rowH / 4)), fill: color}),
             el("svg:title", {}, `${r.name}: ${fmt(r.estimate, x.percent, (r.high - r.low) / 2)} [${fmt(r.low, x.percent, (r.high - r.low) / 2)}, ${fmt(r.high, x.percent, (r.high - r.low) / 2)}], n = ${count(r.n)}, seed ${r.seed}` + (r.same_seed_as ? `; ${t("same_seed")} ${r.same_seed_as}` : "")));
    svg.append(g);
  });
  if (x.pooled) {
    const y = height - pooledGap / 2, p = x.pooled, mid = sx(p.estimate);
    svg.append(el("svg:line", {x1: left - 220, x2: width - 10, y1: height - pooledGap + 6, y2: height - pooledGap + 6, stroke: "#999"}),
               el("svg:text", {x: left - 12, y: y + 7, "text-anchor": "end", "font-size": 21, "font-weight": "bold"}, t("pooled")),
               el("svg:polygon", {id: "pooled", points: `${sx(p.low)},${y} ${mid},${y - 13} ${sx(p.high)},${y} ${mid},${y + 13}`,
                                  fill: "#1a1a1a"}));
  }
  return svg;
}

function facts(x) {
  const box = el("div", {class: "facts"});
  box.append(el("div", {class: "muted"}, label(x)), el("div", {class: "muted", style: "font-size:19px"}, describe(x)));
  const p = x.pooled, half = p ? (p.high - p.low) / 2 : 0;
  if (p) box.append(el("p", {}, t("pooled") + ": ", el("span", {class: "big", id: "pooled-value"}, fmt(p.estimate, x.percent, half)),
    el("br"), `[${fmt(p.low, x.percent, half)}, ${fmt(p.high, x.percent, half)}]`,
    el("br"), el("span", {class: "muted"}, `${count(p.results)} ${t("results")}, ${count(p.n)} ${t("games")}`)));
  if (x.exact) {
    box.append(el("p", {class: "exact"}, t("exact") + ": ", el("span", {class: "big"}, x.exact.text),
      ` = ${fmt(x.exact.value, x.percent, half / 10 || 1e-4)}`, el("br"), el("span", {class: "muted"}, (PLACES[x.exact.where] || {en: x.exact.where, ru: x.exact.where})[lang])));
    box.append(el("p", {class: "miss"}, el("span", {class: "big", id: "misses"}, `${x.misses} / ${x.count}`), el("br"),
      t("misses"), el("br"), el("span", {class: "muted"}, `${t("expected_misses")}: ${num(x.count / 20, 1)}`)));
  } else box.append(el("p", {class: "muted"}, t("no_exact")));
  return box;
}

function drawHandins() {
  const box = $("view-handins"); box.replaceChildren();
  const h = state.handins;
  if (!h.rows.length) { box.append(el("p", {class: "empty"}, t("no_handins"))); return; }
  const grade = el("button", {class: "act", id: "export-grade"}, t("export_grade"));
  const said = el("code", {id: "grade-command", style: "margin-left:14px"});
  grade.onclick = async () => {
    const answer = await (await fetch("api/board/export/submitted")).json();
    said.textContent = answer.command || answer.error;
  };
  box.append(el("p", {}, grade, said));
  const summary = el("table", {id: "by-exercise"}, el("tr", {}, ...["exercise", "handed_in", "pass_all", "common_failure"].map((k) => el("th", {}, t(k)))));
  for (const e of h.by_exercise)
    summary.append(el("tr", {}, el("td", {}, e.exercise), el("td", {class: "num"}, e.handed_in), el("td", {class: "num"}, e.pass),
      el("td", {}, e.common_failure ? `${e.common_failure} (${e.common_count})` : "—")));
  box.append(summary, el("h3", {}, t("latest")));
  const latest = el("table", {id: "handins"}, el("tr", {}, el("th", {}, t("student")), el("th", {}, t("exercise")), el("th", {}, t("checks")), el("th", {}, "")));
  for (const r of h.rows.slice(0, 40)) {
    const chips = el("td", {});
    for (const c of r.checks) {
      const cls = c.status === "pass" ? "pass" : c.status === "fail" ? "fail" : "notrun";
      chips.append(el("span", {class: "chip " + cls, title: `${c.check}: ${c.status} ${c.case}`},
        (c.status === "pass" ? "✓ " : c.status === "fail" ? "✗ " : "– ") + c.check.replace(/^check_/, "")));
      if (c.status === "fail" && c.case) chips.append(el("span", {class: "muted", style: "font-size:17px"}, c.case));
    }
    latest.append(el("tr", {}, el("td", {}, r.name), el("td", {}, r.exercise), chips,
      el("td", {class: "muted"}, new Date(r.at * 1000).toLocaleTimeString(lang === "ru" ? "ru-RU" : "en-GB"))));
  }
  box.append(latest);
}

function drawTournament() {
  const box = $("view-tournament"); box.replaceChildren();
  const tour = state.tournament, latest = tour.latest;
  if (!tour.entries.length) { box.append(el("p", {class: "empty"}, t("no_entries"))); return; }
  box.append(el("p", {}, el("b", {}, `${t("entries")} (${tour.entries.length}): `),
    ...tour.entries.map((n) => el("span", {class: "chip notrun entry"}, n))));
  const matches = el("input", {id: "matches", type: "number", min: 2, max: 2000, value: 200, style: "width:110px"});
  const start = el("button", {class: "act", id: "start"}, t("start"));
  const said = el("span", {class: "muted", id: "start-said", style: "margin-left:12px"});
  start.onclick = async () => {
    const answer = await fetch("api/board/tournament", {method: "POST", headers: {"content-type": "application/json"},
      body: JSON.stringify({matches: Number(matches.value)})});
    if (!answer.ok) said.textContent = (await answer.json()).error;
  };
  const isRunning = latest && latest.status === "running";
  if (isRunning) start.disabled = true;
  box.append(el("p", {}, start, " ", el("label", {}, matches, " " + t("matches")), said));
  if (!latest) return;
  if (isRunning) box.append(el("p", {class: "big", id: "tournament-status"}, t("running")));
  if (latest.status === "failed") box.append(el("p", {class: "fail", id: "tournament-status"}, t("failed") + " " + (latest.message || "")));
  if (!latest.leaderboard) return;
  const table = el("table", {id: "leaderboard"}, el("tr", {}, ...["place", "student", "win_rate", "interval", "matches", "note"].map((k) => el("th", {}, t(k)))));
  latest.leaderboard.forEach((line, i) => {
    const h = line.low === null ? 0 : (line.high - line.low) / 2;
    table.append(el("tr", {class: line.kind}, el("td", {class: "num"}, i + 1), el("td", {}, line.name),
      el("td", {class: "num"}, fmt(line.win_rate, true, h || 0.01)),
      el("td", {class: "num"}, line.low === null ? "—" : `[${fmt(line.low, true, h)}, ${fmt(line.high, true, h)}]`),
      el("td", {class: "num"}, line.matches), el("td", {class: "muted", style: "font-size:17px"}, line.note)));
  });
  box.append(table);
}

for (const name of ["experiment", "handins", "tournament"]) $("tab-" + name).onclick = () => { view = name; queue(); };
$("lang").onclick = () => { lang = lang === "ru" ? "en" : "ru"; queue(); };
draw(); load(); listen();
