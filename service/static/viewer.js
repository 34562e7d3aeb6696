// The replay viewer: step through a game's events. The URL fragment holds the step
// ("#12"; a link without one opens at the start) and, if given, a token
// ("#12&token=…"): it never reaches a server. Without a token it is a spectator's view.
"use strict";

(() => {
  const {api, drawTable, movesHtml, loadCards, esc} = Paiju;
  const $ = (s) => document.getElementById(s);
  const id = $("viewer").dataset.game;

  function readHash() {
    let step = null, token = null;
    for (const part of location.hash.slice(1).split("&")) {
      if (/^\d+$/.test(part)) step = Number(part);
      else if (part.startsWith("token=")) token = decodeURIComponent(part.slice(6));
    }
    return {step, token};
  }

  let {step: at, token} = readHash();
  let tokenInUrl = Boolean(token);  // a token typed into the field stays out of the URL
  let total = 0, events = [], moves = [], live = false, seq = 0;
  const states = new Map();

  const clamp = (n) => Math.max(1, Math.min(total, n));

  function writeHash() {
    const parts = [String(at)];
    if (token && tokenInUrl) parts.push("token=" + encodeURIComponent(token));
    history.replaceState(null, "", "#" + parts.join("&"));
  }

  function updateNav() {
    $("n").textContent = at;
    $("total").textContent = total;
    $("slider").max = total;
    $("slider").value = at;
    $("first").disabled = $("prev").disabled = at <= 1;
    $("next").disabled = $("last").disabled = at >= total;
  }

  /** Mark the move that holds the step (or the last one before it); keep it in sight. */
  function highlight() {
    const list = $("moves");
    let now = null;
    for (const li of list.querySelectorAll("li.move")) {
      const first = Number(li.dataset.first);
      li.classList.toggle("future", first > at);
      li.classList.remove("now");
      if (first <= at) now = li;
    }
    if (!now) return;
    now.classList.add("now");
    const top = now.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + now.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.max(0, top - list.clientHeight / 3);
    }
  }

  function describeEvent() {
    const e = events[at - 1];
    if (!e) return "";
    const data = JSON.stringify(e.data);
    return `event ${e.version}: <b>${esc(e.type)}</b> <code>${esc(data.length > 160 ? data.slice(0, 157) + "…" : data)}</code>`;
  }

  async function show(n) {
    if (!total) return;
    at = clamp(n);
    writeHash();
    updateNav();
    highlight();
    $("event").innerHTML = describeEvent();
    const mine = ++seq;
    const key = `${at}|${token || ""}`;
    try {
      let state = states.get(key);
      if (!state) {
        state = await api(`/games/${id}/state?at=${at}`, {token});
        states.set(key, state);
      }
      await loadCards(state.kind);
      if (mine !== seq) return;  // a later step was asked for meanwhile
      $("as").textContent = state.viewer === "spectator" || state.viewer === "referee"
        ? state.viewer : `seat ${state.viewer} (${state.players[state.viewer]})`;
      $("title").textContent = `${state.kind} · ${state.players.join(", ")}`;
      $("table").innerHTML = drawTable(state, {});
      $("table").dataset.step = at;  // drawn: the table is the one of this step
      $("state").textContent = JSON.stringify(state, null, 1);
    } catch (e) {
      if (mine === seq) $("table").innerHTML = `<p class="error">${esc(e.message)}</p>`;
    }
  }

  async function load() {
    const log = await api(`/games/${id}/events`, {token});
    const following = at === total;  // at the last step of a live game: keep up with it
    events = log.events;
    moves = log.moves;
    total = events.length;
    live = log.status === "live";
    $("status").textContent = `${log.status}, ${total} events`;
    $("moves").innerHTML = movesHtml(moves);
    if (at === null || at === undefined) at = 1;
    return following;
  }

  async function follow() {
    if (!live) return;
    try {
      const before = total;
      const following = await load();
      if (total !== before) await show(following ? total : at);
      else highlight();
    } catch (e) { /* try again later */ }
    setTimeout(follow, 4000);
  }

  $("first").onclick = () => show(1);
  $("prev").onclick = () => show(at - 1);
  $("next").onclick = () => show(at + 1);
  $("last").onclick = () => show(total);
  $("slider").oninput = () => show(Number($("slider").value));
  $("moves").onclick = (e) => {
    const li = e.target.closest("li.move");
    if (li) show(Number(li.dataset.last));
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.matches("input[type=text], input[type=range], textarea, select")) return;
    const go = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 1, End: total}[e.key];
    if (go === undefined || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    show(go);
  });
  window.addEventListener("hashchange", () => {
    const wanted = readHash();
    if (wanted.token !== null && wanted.token !== token) {
      token = wanted.token; tokenInUrl = true; states.clear();
      load().then(() => show(wanted.step || at));
    } else if (wanted.step !== null && wanted.step !== at) show(wanted.step);
  });
  async function useToken() {
    token = $("token").value.trim() || null;
    tokenInUrl = false;
    states.clear();
    try { await load(); await show(at); }
    catch (e) { $("table").innerHTML = `<p class="error">${esc(e.message)}</p>`; }
  }
  $("use-token").onclick = useToken;
  $("token").onkeydown = (e) => { if (e.key === "Enter") useToken(); };

  (async () => {
    try {
      await load();
      await show(at);
      if (live) setTimeout(follow, 4000);
    } catch (e) {
      $("table").innerHTML = `<p class="error">${esc(e.message)}</p>`;
    }
  })();
})();
